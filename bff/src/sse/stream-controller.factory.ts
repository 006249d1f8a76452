import { Controller, Get, Inject, Req, Res, type Type } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { StreamContract, StreamStart } from '@pm/contracts';
import type { Request, Response } from 'express';
import { errorSchema, requestSchema, responseSchema } from '../http/zod-openapi.js';
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
      description: stream.start
        ? `Starts the work its query asks for and sends its server-sent events named \`${stream.eventName}\` until the last ` +
          `(or an error event after ${stream.start.timeoutMs / 1000} s); \`id:\` is the event's position, for Last-Event-ID with the same ` +
          `\`${stream.start.key}\`, which resumes the work instead of starting it again. A comment line arrives every ${options.heartbeatMs / 1000} s while nothing happens.`
        : `Server-sent events named \`${stream.eventName}\`, only of locations the caller can reach; \`id:\` is the ` +
          `event's position, a comment line arrives every ${options.heartbeatMs / 1000} s while nothing happens.`,
    })
    @ApiHeader({ name: 'Last-Event-ID', required: false, description: `Resume after this event (replays at most the last ${options.replayWindowMs / 60_000} minutes)` })
    // Content types per response: the events are text/event-stream, a refusal before the stream starts is JSON.
    @ApiOkResponse({ description: `A stream of \`${stream.eventName}\` events`, content: { 'text/event-stream': { schema: eventSchemaOf(stream) } } })
    @ApiBadRequestResponse({ description: 'A Last-Event-ID this stream did not send', content: { 'application/json': { schema: errorSchema } } })
    @ApiUnauthorizedResponse({ description: 'No valid access token', content: { 'application/json': { schema: errorSchema } } })
    serve(@Req() request: Request, @Res() response: Response): Promise<void> {
      return this.endpoint.serve(stream, request, response);
    }
  }
  if (stream.start) documentStart(StreamController, stream.start);
  const name = stream.path.replace(/(^|[/-])([a-z])/g, (_match: string, _separator: string, letter: string) => letter.toUpperCase());
  Object.defineProperty(StreamController, 'name', { value: `${name}Controller` });
  return StreamController;
}

/**
 * One event of the stream as OpenAPI models `text/event-stream` (the OAS media type registry, "Server-Sent Events"):
 * an object of the SSE fields, whose `data` is a JSON text described by `contentSchema`. Tools that validate streams
 * (schemathesis) check each event against it.
 */
function eventSchemaOf(stream: StreamContract) {
  return {
    type: 'object',
    required: ['event', 'data'],
    properties: {
      id: { type: 'string', description: "The event's position in the stream, for Last-Event-ID" },
      event: { type: 'string', enum: [stream.eventName] },
      data: { type: 'string', contentMediaType: 'application/json', contentSchema: responseSchema(stream.data) },
    },
  };
}

/** A stream that answers one request: its query parameters and the start call's refusals, from the contract. */
function documentStart(controller: Type, start: StreamStart): void {
  const method = Object.getOwnPropertyDescriptor(controller.prototype, 'serve')!;
  const request = requestSchema(start.rpc.request) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  const required = new Set(request.required ?? []);
  for (const [name, schema] of Object.entries(request.properties ?? {})) {
    const described = name === start.key ? { ...schema, description: `Names the work; the BFF draws one when it is left out. The same value again resumes it.` } : schema;
    ApiQuery({ name, required: required.has(name) && name !== start.key && schema['default'] === undefined, schema: described })(controller.prototype, 'serve', method);
  }
  for (const [status, messages] of Object.entries(start.rpc.errors ?? {})) {
    const list = typeof messages === 'string' ? [messages] : [...(messages ?? [])];
    if (status === '400') list.push('Last-Event-ID must be the id of an event this stream sent');
    ApiResponse({ status: Number(status), description: list.map((message) => `"${message}"`).join(' | '), content: { 'application/json': { schema: errorSchema } } })(controller.prototype, 'serve', method);
  }
}
