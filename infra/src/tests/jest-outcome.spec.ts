import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readJestOutcome } from './jest-outcome.ts';

describe('readJestOutcome', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pm-outcome-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const report = (content: object): string => {
    const file = join(dir, 'report.json');
    writeFileSync(file, JSON.stringify(content));
    return file;
  };

  it('sums passed and failed tests', () => {
    const file = report({
      numPassedTests: 5,
      numFailedTests: 2,
      testResults: [{ name: 'a.spec.ts', status: 'failed', assertionResults: [{ status: 'failed' }, { status: 'passed' }] }],
    });
    expect(readJestOutcome(file, 1)).toEqual({ passed: 5, failed: 2, problems: [] });
  });

  it('counts a suite that could not run as a failure', () => {
    const file = report({
      numPassedTests: 3,
      numFailedTests: 0,
      testResults: [{ name: 'broken.int-spec.ts', status: 'failed', testExecError: { message: 'Cannot find module x\nstack' }, assertionResults: [] }],
    });
    expect(readJestOutcome(file, 1)).toEqual({ passed: 3, failed: 1, problems: ['broken.int-spec.ts did not run: Cannot find module x'] });
  });

  it('never reports green for a jest that failed without a report or without a failing test', () => {
    expect(readJestOutcome(join(dir, 'missing.json'), 1).failed).toBe(1);
    expect(readJestOutcome(report({ numPassedTests: 4, numFailedTests: 0, testResults: [] }), 1)).toMatchObject({ passed: 4, failed: 1 });
  });
});
