import { waitFor } from './wait-for.js';

describe('waitFor', () => {
  it('returns the first truthy value once the condition holds', async () => {
    let calls = 0;
    const value = await waitFor(() => (++calls >= 3 ? { calls } : undefined), { timeout: 1_000, interval: 5 });
    expect(value).toEqual({ calls: 3 });
  });

  it('treats a throwing predicate as not yet, and reports its last error on timeout', async () => {
    await expect(
      waitFor(
        () => {
          throw new Error('still booting');
        },
        { timeout: 60, interval: 10, description: 'service up' },
      ),
    ).rejects.toThrow('service up not met within 60ms (last error: still booting)');
  });

  it('gives up after the timeout when the value stays falsy', async () => {
    const started = Date.now();
    await expect(waitFor(() => false, { timeout: 80, interval: 10 })).rejects.toThrow('condition not met within 80ms');
    expect(Date.now() - started).toBeGreaterThanOrEqual(80);
  });
});
