// antd's forms and selects render slowly in jsdom, and slower still while the whole suite runs in parallel on two
// cores: one budget for every web test instead of per-file overrides.
import { jest } from '@jest/globals';
import { configure } from '@testing-library/react';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });
