import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimInstance, readInstance, recordChildren, releaseInstance } from './instance-record.ts';

describe('instance record', () => {
  let file: string;
  beforeEach(() => {
    file = join(mkdtempSync(join(tmpdir(), 'pm-instance-')), 'instance.json');
  });
  afterEach(() => rmSync(join(file, '..'), { recursive: true, force: true }));

  it('lets exactly one claimant in until it is released', () => {
    expect(claimInstance(file)).toBe(true);
    expect(claimInstance(file)).toBe(false);
    expect(readInstance(file)?.orchestrator.pid).toBe(process.pid);
    releaseInstance(file);
    expect(readInstance(file)).toBeUndefined();
    expect(claimInstance(file)).toBe(true);
  });

  it('records children with their start time and drops pids that no longer exist', () => {
    claimInstance(file);
    recordChildren(file, [
      { name: 'self', pid: process.pid },
      { name: 'gone', pid: 2 ** 22 + 1 },
    ]);
    const children = readInstance(file)?.children ?? [];
    expect(children.map(({ name }) => name)).toEqual(['self']);
    expect(children[0]?.startTime).toMatch(/^\d+$/);
  });
});
