import { Controller, Get, Module, Param, Res, type INestApplication } from '@nestjs/common';
import { defineRpc } from '@pm/contracts';
import { connectNats, requestHandler, RpcClient, RpcFailure, RpcResponder } from '@pm/messaging';
import { Public } from '@pm/nest-kit';
import { startTestTokenIssuer, type TestTokenIssuer } from '@pm/testing';
import type { Response } from 'express';
import { z } from 'zod';
import { bffFeatures } from '../src/app.module.js';
import { startTestBff } from './support/start-test-bff.js';
import { sendSse } from '../src/sse/sse-writer.js';

const GetUnit = defineRpc({
  subject: 'pm.rpc.portfolio.bff-test-unit.get.v1',
  request: z.object({ unitId: z.string().min(1) }),
  response: z.object({ unitId: z.string(), correlationId: z.string(), sawToken: z.boolean() }),
  fixture: { request: { unitId: 'u' }, response: { unitId: 'u', correlationId: 'c', sawToken: true } },
});

/** A screen controller as later issues write them: verify the caller, ask a service, return its answer. */
@Controller('test-units')
class TestUnitsController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @Get('ticks')
  ticks(@Res() response: Response): Promise<void> {
    async function* three() {
      for (let i = 1; i <= 3; i++) yield { event: 'tick', data: { n: i } };
    }
    return sendSse(response, three, { onError: (error) => console.error(error) });
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.rpc.request(GetUnit, { unitId: id });
  }
}
@Module({ controllers: [TestUnitsController] })
class TestUnitsModule {}

let app: INestApplication;
let baseUrl: string;
let tokens: TestTokenIssuer;
let responder: RpcResponder;
let closeNats: () => Promise<void>;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();

  // The "service" side: answers with what it received, and refuses unknown units like a real service would.
  const nc = await connectNats({ servers: process.env.NATS_URL!, name: 'bff-test-service' });
  responder = new RpcResponder(nc, 'bff-test-service', console);
  responder.start([
    requestHandler({
      contract: GetUnit,
      handle: async (request, context) => {
        if (request.unitId === 'missing') throw RpcFailure.notFound('Unit not found');
        return { unitId: request.unitId, correlationId: context.correlationId, sawToken: Boolean(context.authorization) };
      },
    }),
  ]);
  closeNats = () => nc.close();

  bffFeatures.push(TestUnitsModule);
  ({ app, baseUrl } = await startTestBff(tokens));
});

afterAll(async () => {
  await app?.close();
  await responder?.stop();
  await closeNats?.();
  await tokens?.close();
  bffFeatures.splice(bffFeatures.indexOf(TestUnitsModule), 1);
});

const bearer = (exp: string | number = '5m') => tokens.bearer('user-1', {}, { exp });

describe('BFF', () => {
  it('serves probes at /health/* and the platform status under the API base path, without a token', async () => {
    expect((await fetch(`${baseUrl}/health/live`)).status).toBe(200);
    const ready = await fetch(`${baseUrl}/health/ready`);
    expect(ready.status).toBe(200);
    const status = await fetch(`${baseUrl}/api/platform/status`);
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({ status: 'ok', checks: { Messaging: { status: 'up' } } });
  });

  it('refuses API calls without a valid token, and an expired one with the expiry message', async () => {
    expect((await fetch(`${baseUrl}/api/test-units/u1`)).status).toBe(401);
    const expired = await fetch(`${baseUrl}/api/test-units/u1`, {
      headers: { authorization: await bearer(Math.floor(Date.now() / 1000) - 120) },
    });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ message: 'Your session has expired. Please sign in again.' });
  });

  it('asks the service with the request id as correlation id and the caller token forwarded', async () => {
    const response = await fetch(`${baseUrl}/api/test-units/u1`, {
      headers: { authorization: await bearer(), 'x-request-id': 'req-123' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-123');
    expect(await response.json()).toEqual({ unitId: 'u1', correlationId: 'req-123', sawToken: true });
  });

  it('answers with the service status and message when the service refuses', async () => {
    const response = await fetch(`${baseUrl}/api/test-units/missing`, { headers: { authorization: await bearer() } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: 'Unit not found', code: 'not_found' });
  });

  it('streams server-sent events from an async iterable', async () => {
    const response = await fetch(`${baseUrl}/api/test-units/ticks`);
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const body = await response.text();
    expect(body.match(/^event: tick$/gm)).toHaveLength(3);
    expect(body).toContain('data: {"n":3}');
  });

  it('publishes its OpenAPI document', async () => {
    const response = await fetch(`${baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/platform/status', '/api/test-units/{id}']));
  });
});
