import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { GetAssistantStatus } from '@pm/contracts';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { startTestTokenIssuer, type TestTokenIssuer } from '@pm/testing';
import { assistantEnv } from '../src/config/assistant-env.js';
import { assistantService } from '../src/service.js';

jest.setTimeout(120_000);

/**
 * The platform without its local models: the assistant starts and is ready, and says why drafts are unavailable in
 * words to show, whether the models were never installed or were refused by verification (a wrong hash). With the
 * installed models (the test stack's cache) it says drafts are available.
 */
let tokens: TestTokenIssuer;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
});

afterAll(async () => {
  await tokens?.close();
});

/** The service as `npm start` runs it, with AI_MODELS_DIR (read by the AI runtime from the process's environment) set for its start. */
async function assistantWith(modelsDir: string | undefined): Promise<ServiceUnderTest> {
  const before = process.env['AI_MODELS_DIR'];
  if (modelsDir !== undefined) process.env['AI_MODELS_DIR'] = modelsDir;
  try {
    return await startServiceUnderTest({
      name: 'assistant',
      envSchema: assistantEnv,
      define: assistantService,
      env: { JWKS_URL: tokens.jwksUrl, JWT_ISSUER: tokens.issuer, JWT_AUDIENCE: tokens.audience },
    });
  } finally {
    if (before === undefined) delete process.env['AI_MODELS_DIR'];
    else process.env['AI_MODELS_DIR'] = before;
  }
}

async function statusAndReadiness(service: ServiceUnderTest) {
  const ready = await fetch(`${service.baseUrl}/health/ready`);
  const status = await service.call(GetAssistantStatus, {}, await tokens.bearer('usr_status_test'));
  return { ready: ready.status, status };
}

it('starts without any model, ready, and reports drafts unavailable with how to install them', async () => {
  const empty = mkdtempSync(join(tmpdir(), 'pm-no-models-'));
  const service = await assistantWith(empty);
  try {
    expect(await statusAndReadiness(service)).toEqual({
      ready: 200,
      status: { provider: 'local', drafts: { available: false, message: expect.stringMatching(/not installed.*npm start/s) } },
    });
  } finally {
    await service.close();
    rmSync(empty, { recursive: true, force: true });
  }
});

it('starts with a model refused by verification, and passes on the refusal message the installer recorded', async () => {
  const refused = mkdtempSync(join(tmpdir(), 'pm-refused-models-'));
  const message = `The local AI model failed verification (sha256 mismatch): drafts are unavailable. Delete ${refused}/model.gguf and run npm start again.`;
  writeFileSync(join(refused, 'verification.json'), JSON.stringify({ chat: { status: 'refused', path: `${refused}/model.gguf`, message, checkedAt: new Date().toISOString() } }));
  const service = await assistantWith(refused);
  try {
    expect(await statusAndReadiness(service)).toEqual({ ready: 200, status: { provider: 'local', drafts: { available: false, message } } });
  } finally {
    await service.close();
    rmSync(refused, { recursive: true, force: true });
  }
});

it('reports drafts available with the verified models of the cache', async () => {
  const service = await assistantWith(undefined);
  try {
    expect(await statusAndReadiness(service)).toEqual({ ready: 200, status: { provider: 'local', drafts: { available: true, message: null } } });
  } finally {
    await service.close();
  }
});

it('answers only a signed-in caller', async () => {
  const service = await assistantWith(undefined);
  try {
    await expect(service.call(GetAssistantStatus, {})).rejects.toMatchObject({ status: 401 });
  } finally {
    await service.close();
  }
});
