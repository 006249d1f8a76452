import { Controller, Get, Inject, Req, Res, type Type } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { StreamContract } from '@pm/contracts';
import type { Request, Response } from 'express';
import { errorSchema, responseSchema } from '../http/zod-openapi.js';
import { SseStreamEndpoint } from './sse-stream-endpoint.js';
import type { SseStreamsOptions } from './sse-streams.options.js';

/**
 * The HTTP endpoint of one stream contract, documented from the contract. Built per contract rather than written
 * per stream, so the contract is the only thing a new stream needs.
 */
export function streamControllerFor(stream: StreamContract, options: Required<SseStreamsOptions>): Type {
  @ApiTags('streams')
  @ApiBearerAuth()
  @Controller()
  class StreamController {
    constructor(@Inject(SseStreamEndpoint) private readonly endpoint: SseStreamEndpoint) {}

    @Get(stream.path)
    @ApiOperation({
      summary: stream.description,
      description:
        `Server-sent events named \`${stream.eventName}\`, only of locations the caller can reach; \`id:\` is the ` +
        `event's position, a comment line arrives every ${options.heartbeatMs / 1000} s while nothing happens.`,
    })
    @ApiProduces('text/event-stream')
    @ApiHeader({ name: 'Last-Event-ID', required: false, description: `Resume after this event (replays at most the last ${options.replayWindowMs / 60_000} minutes)` })
    @ApiOkResponse({ description: `A stream of \`${stream.eventName}\` events whose data is:`, schema: responseSchema(stream.data) })
    @ApiBadRequestResponse({ schema: errorSchema, description: 'A Last-Event-ID this stream did not send' })
    @ApiUnauthorizedResponse({ schema: errorSchema })
    serve(@Req() request: Request, @Res() response: Response): Promise<void> {
      return this.endpoint.serve(stream, request, response);
    }
  }
  const name = stream.path.replace(/(^|[/-])([a-z])/g, (_match: string, _separator: string, letter: string) => letter.toUpperCase());
  Object.defineProperty(StreamController, 'name', { value: `${name}Controller` });
  return StreamController;
}
