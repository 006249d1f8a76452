// antd's forms and selects render slowly in jsdom, and slower still while the whole suite runs in parallel on two
// cores: one budget for every web test instead of per-file overrides. A page inside the manager shell waits for a
// chain of answers (locations, progress, then its own data) before it shows anything: under a loaded CI machine that
// chain has taken more than 5 s, so one find may wait up to half of the test's budget.
import { jest } from '@jest/globals';
import { configure } from '@testing-library/react';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 15_000 });
