import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileTimes, slowestFiles } from './timing-report.ts';

describe('timing report', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pm-timing-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads each file's wall time from a jest --json report and lists the slowest first", () => {
    const file = join(dir, 'report.json');
    writeFileSync(
      file,
      JSON.stringify({
        testResults: [
          { name: '/repo/bff/test/a.int-spec.ts', perfStats: { start: 1_000, end: 31_000 } },
          { name: '/repo/web/src/b.spec.tsx', perfStats: { start: 0, end: 90_400 } },
          { name: '/repo/web/src/c.spec.tsx', startTime: 0, endTime: 2_000 },
        ],
      }),
    );
    const times = fileTimes(file, 'some pass', '/repo');
    expect(times).toEqual([
      { file: 'bff/test/a.int-spec.ts', seconds: 30, pass: 'some pass' },
      { file: 'web/src/b.spec.tsx', seconds: 90.4, pass: 'some pass' },
      { file: 'web/src/c.spec.tsx', seconds: 2, pass: 'some pass' },
    ]);
    expect(slowestFiles(times, 2).split('\n')).toEqual(['the 2 slowest test files', '  web/src/b.spec.tsx           90 s', '  bff/test/a.int-spec.ts       30 s']);
  });

  it('gives no times for a missing report', () => {
    expect(fileTimes(join(dir, 'none.json'), 'pass', '/repo')).toEqual([]);
  });
});
