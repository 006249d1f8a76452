import { Module, type DynamicModule } from '@nestjs/common';
import { assertDistinctStreamPaths, type StreamContract } from '@pm/contracts';
import { CallerLocations } from './caller-locations.js';
import { SseStreamEndpoint } from './sse-stream-endpoint.js';
import { defaultSseStreamsOptions, SSE_STREAMS_OPTIONS, type SseStreamsOptions } from './sse-streams.options.js';
import { streamControllerFor } from './stream-controller.factory.js';

/** One authenticated SSE endpoint per stream contract (the app passes `streamRegistry`). */
@Module({})
export class SseStreamsModule {
  static register(streams: readonly StreamContract[], options: SseStreamsOptions = {}): DynamicModule {
    assertDistinctStreamPaths(streams);
    const settled = { ...defaultSseStreamsOptions, ...options };
    return {
      module: SseStreamsModule,
      controllers: streams.map((stream) => streamControllerFor(stream, settled)),
      providers: [
        { provide: SSE_STREAMS_OPTIONS, useValue: settled },
        CallerLocations,
        SseStreamEndpoint,
      ],
    };
  }
}
