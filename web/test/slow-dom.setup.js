// antd's forms and selects render slowly in jsdom, and slower still while the whole suite runs in parallel on two
// cores: one budget for every web test instead of per-file overrides. A page inside the manager shell waits for a
// chain of answers (locations, progress, then its own data) before it shows anything: under a loaded CI machine that
// chain has taken more than 5 s, so one find may wait up to half of the test's budget. 30 s was not enough: CI runs
// on a clean clone saw whole-shell tests (the vault page's context menu, the contacts page, the first test of the live
// refresh) pass alone in seconds and time out at 30 s while other suites shared the two cores. A test that really
// fails still fails, only later.
import { beforeEach, jest } from '@jest/globals';
import { configure } from '@testing-library/react';

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 30_000 });

// The manager shell's guided tour opens on a browser's first dashboard (GuidedTour.tsx) and sits over the page: the
// screens' tests start past it, as a manager's every visit after the first does. Its own test removes the flag.
beforeEach(() => window.localStorage.setItem('pm.guided-tour-viewed', 'seen before the test'));
