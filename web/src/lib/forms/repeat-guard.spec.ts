import { jest } from '@jest/globals';
import { ignoreRepeatsWithin } from './repeat-guard.js';

describe('ignoreRepeatsWithin', () => {
  it('ignores a repeat within the window and accepts one after it', () => {
    let now = 1000;
    const handler = jest.fn();
    const guarded = ignoreRepeatsWithin(100, handler, () => now);

    guarded('a');
    now += 99;
    guarded('b');
    expect(handler.mock.calls).toEqual([['a']]);

    now += 1;
    guarded('c');
    expect(handler.mock.calls).toEqual([['a'], ['c']]);
  });
});
