import { jest } from '@jest/globals';
import { DropGuard, DROP_GUARD_MS, DUPLICATE_BATCH_MEMORY_MS } from './drop-guard.js';
import { singleClickOpener, SINGLE_CLICK_OPEN_DELAY_MS } from './single-click.js';

const lease = { name: 'lease.pdf', size: 1000, lastModified: 1 };
const photo = { name: 'photo.jpg', size: 2000, lastModified: 2 };

describe('drop guard', () => {
  it('ignores a second drop within 500 ms, even of other files', () => {
    const guard = new DropGuard();
    expect(guard.accept([lease], 0)).toBe(true);
    expect(guard.accept([photo], DROP_GUARD_MS - 1)).toBe(false);
    expect(guard.accept([photo], 2 * DROP_GUARD_MS + 10)).toBe(true);
  });

  it('remembers a batch for 5 s, whatever the order of its files', () => {
    const guard = new DropGuard();
    expect(guard.accept([lease, photo], 0)).toBe(true);
    expect(guard.accept([photo, lease], 1_000)).toBe(false);
    expect(guard.accept([photo, lease], 1_000 + DUPLICATE_BATCH_MEMORY_MS)).toBe(true);
  });

  it('ignores an empty drop', () => {
    expect(new DropGuard().accept([], 0)).toBe(false);
  });
});

describe('single-click opener', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('opens 200 ms after a click, and not when a double click cancels it', () => {
    const open = jest.fn();
    const opener = singleClickOpener(open);
    opener.click('a');
    jest.advanceTimersByTime(SINGLE_CLICK_OPEN_DELAY_MS - 1);
    expect(open).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledWith('a');

    opener.click('b');
    opener.cancel();
    jest.advanceTimersByTime(SINGLE_CLICK_OPEN_DELAY_MS);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
