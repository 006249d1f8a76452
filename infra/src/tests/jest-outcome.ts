import { readFileSync } from 'node:fs';

export interface JestOutcome {
  passed: number;
  failed: number;
  /** Why the counts cannot be trusted, when they cannot (a suite that did not run, no report written). */
  problems: string[];
}

interface JestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; status: string; testExecError?: { message?: string } | null; message?: string; assertionResults: { status: string }[] }[];
}

/**
 * Reads jest's --json report. A suite that fails before running any test (syntax error, failing import) reports no
 * failed test, so each such suite is counted as one failure: the total must never look green when it is not.
 */
export function readJestOutcome(reportFile: string, exitCode: number | null): JestOutcome {
  let report: JestJsonReport;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as JestJsonReport;
  } catch {
    return { passed: 0, failed: 1, problems: [`jest exited with ${exitCode} and wrote no report: it stopped before reporting (a crash or a failing global setup), see its output above`] };
  }
  const brokenSuites = report.testResults.filter(
    (suite) => suite.status === 'failed' && !suite.assertionResults.some((assertion) => assertion.status === 'failed'),
  );
  const problems = brokenSuites.map((suite) => `${suite.name} did not run: ${(suite.testExecError?.message ?? suite.message ?? '').split('\n')[0]}`);
  let failed = report.numFailedTests + brokenSuites.length;
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    problems.push(`jest exited with ${exitCode} although every test passed`);
  }
  return { passed: report.numPassedTests, failed, problems };
}
