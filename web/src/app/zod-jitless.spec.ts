describe('zod-jitless', () => {
  it('turns on zod’s jitless mode before zod loads, so no schema probes for eval', async () => {
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    await import('./zod-jitless.js');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
