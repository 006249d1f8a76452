// The order of the platform tests (platform.jest.config.js). The demo-account checks read the demo as the
// orchestrator seeded it, so they run before any journey adds messages or records of its own; the demo's drafts are
// checked last, when the assistant has had the whole run to draft the demo's backlog in the background. Between the
// two, jest's own order (the longest files of the last run first).
import Sequencer from '@jest/test-sequencer';

const first = /[\\/]demo-account\.e2e-spec\.ts$/;
const last = /[\\/]demo-drafts\.e2e-spec\.ts$/;

export default class PlatformTestSequencer extends Sequencer {
  async sort(tests) {
    const rank = (test) => (first.test(test.path) ? 0 : last.test(test.path) ? 2 : 1);
    return [...(await super.sort(tests))].sort((a, b) => rank(a) - rank(b));
  }
}
