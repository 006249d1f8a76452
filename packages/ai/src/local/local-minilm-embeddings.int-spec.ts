import { describe, expect, it } from '@jest/globals';
import { readAiConfig } from '../config/ai-config.js';
import { LocalMiniLmEmbeddings } from './local-minilm-embeddings.js';

// Measurements for the README (load time, latency, RSS), on stderr beside jest's own output.
const report = (line: string): boolean => process.stderr.write(`${line}\n`);
const dot = (a: number[], b: number[]): number => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);

describe('LocalMiniLmEmbeddings (real model)', () => {
  it('ranks a relevant sentence above an unrelated one', async () => {
    const { modelsDir, threads } = readAiConfig({ ...process.env, AI_PROVIDER: 'local' });
    const embeddings = new LocalMiniLmEmbeddings({ modelsDir, threads });
    expect(embeddings.status()).toEqual({ available: true, provider: 'local' });
    const started = Date.now();
    const [relevant, unrelated] = await embeddings.embedDocuments([
      'Trash and recycling bins are collected every Tuesday morning.',
      'The swimming pool opens at 9 am in summer.',
    ]);
    const query = await embeddings.embedQuery('When is garbage pickup?');
    report(`[ai] embeddings (load + 3 texts) in ${Date.now() - started} ms`);
    expect(query).toHaveLength(384);
    expect(dot(query, query)).toBeCloseTo(1, 3);
    expect(dot(query, relevant!)).toBeGreaterThan(dot(query, unrelated!) + 0.1);
  }, 60_000);
});
