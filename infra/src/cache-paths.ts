import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where everything that is not source lives: binaries, stamps, generated secrets, the dev stack's data and the
 * running instance's lock. Kept outside the repository so a fresh clone or `git clean` never loses local data.
 */
export interface CachePaths {
  root: string;
  bin: string;
  stamps: string;
  secretsFile: string;
  devData: string;
  instanceFile: string;
  temporalTestServer: string;
  /** The Python virtualenv holding schemathesis (infra/src/install.ts). */
  schemathesisVenv: string;
  /** The local AI models (GGUF chat model, ONNX embeddings) and their verification record (components/ai-models.ts). */
  models: string;
}

export function cachePaths(): CachePaths {
  const root = process.env['PM_CACHE'] ?? join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'pm-platform');
  return {
    root,
    bin: process.env['GOBIN'] ?? join(root, 'bin'),
    stamps: join(root, 'stamps'),
    secretsFile: join(root, 'secrets.json'),
    devData: join(root, 'dev'),
    instanceFile: join(root, 'instance.json'),
    temporalTestServer: join(root, 'temporal-test-server'),
    schemathesisVenv: join(root, 'schemathesis-venv'),
    models: join(root, 'models'),
  };
}
