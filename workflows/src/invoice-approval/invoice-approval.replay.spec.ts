import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, DefaultLogger, Runtime, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { historyFromJson } from '../../test/support/history-from-json.js';
import { webpackConfigHook, workflowsPath } from '../worker/workflows-path.js';

// Histories recorded from real runs (approved, rejected, escalated). Re-record one after an intended,
// patched change with:
//   temporal workflow show -w invoice-approval:<invoiceId> --output json > src/invoice-approval/fixtures/<name>.history.json
const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const histories = readdirSync(fixturesDir)
  .filter((file) => file.endsWith('.history.json'))
  .map((file) => [file, historyFromJson(JSON.parse(readFileSync(`${fixturesDir}${file}`, 'utf8')))] as const);

const quietLogger = new DefaultLogger('WARN');

describe('invoiceApprovalWorkflow replay', () => {
  let bundle: WorkflowBundleWithSourceMap;

  beforeAll(async () => {
    // Replay workers log every state change at INFO; a failing replay still reports through the rejected promise.
    Runtime.install({ logger: quietLogger, telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' } } } });
    bundle = await bundleWorkflowCode({ workflowsPath, webpackConfigHook, logger: quietLogger });
  }, 60_000);

  it('has recorded histories for every outcome', () => {
    expect(histories.map(([file]) => file).sort()).toEqual([
      'approved-after-two-reminders.history.json',
      'escalated-after-two-reminders.history.json',
      'rejected-after-one-reminder.history.json',
    ]);
  });

  it.each(histories)('replays %s deterministically with the current code', async (_file, history) => {
    await expect(Worker.runReplayHistory({ workflowBundle: bundle }, history)).resolves.toBeUndefined();
    // A replay starts a worker on the bundle: seconds on a loaded two-core machine, beside other jest passes.
  }, 60_000);

  it('detects an incompatible change to the workflow code', async () => {
    const incompatible = await bundleWorkflowCode({
      workflowsPath: fileURLToPath(new URL('../../test/incompatible/invoice-approval.workflow.ts', import.meta.url)),
      webpackConfigHook,
      logger: quietLogger,
    });
    const [, approved] = histories.find(([file]) => file.startsWith('approved'))!;
    await expect(Worker.runReplayHistory({ workflowBundle: incompatible }, approved)).rejects.toBeInstanceOf(DeterminismViolationError);
  }, 60_000);
});
