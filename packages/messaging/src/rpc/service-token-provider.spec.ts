import { ServiceTokenProvider } from './service-token-provider.js';

/**
 * The provider's bookkeeping with an issuing function standing in for identity (the real exchange over NATS with a
 * real identity is services/identity/test/service-tokens.int-spec.ts).
 */
describe('ServiceTokenProvider', () => {
  const issuer = () => {
    const requests: string[] = [];
    let failNext = false;
    const issue = async (audience: string) => {
      requests.push(audience);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failNext) {
        failNext = false;
        throw new Error('identity is down');
      }
      return { access_token: `${audience}-${requests.length}`, expires_in: 300 };
    };
    return { requests, issue, failOnce: () => void (failNext = true) };
  };

  it('keeps one token per audience', async () => {
    const identity = issuer();
    const provider = new ServiceTokenProvider(identity.issue);
    expect(await provider.token('portfolio')).toBe('portfolio-1');
    expect(await provider.token('identity')).toBe('identity-2');
    expect(await provider.token('portfolio')).toBe('portfolio-1');
    expect(identity.requests).toEqual(['portfolio', 'identity']);
  });

  it('shares one failed fetch with every waiter, caches nothing, and tries again on the next call', async () => {
    const identity = issuer();
    const provider = new ServiceTokenProvider(identity.issue);
    identity.failOnce();
    const burst = await Promise.allSettled([provider.token('portfolio'), provider.token('portfolio'), provider.token('portfolio')]);
    expect(burst.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(identity.requests).toHaveLength(1);
    expect(await provider.token('portfolio')).toBe('portfolio-2');
  });

  it('drops a refused token so the next call fetches a new one, but not a newer token than the refused one', async () => {
    const identity = issuer();
    const provider = new ServiceTokenProvider(identity.issue);
    const first = await provider.token('portfolio');
    provider.invalidate('portfolio', first);
    const second = await provider.token('portfolio');
    expect(second).not.toBe(first);
    provider.invalidate('portfolio', first);
    expect(await provider.token('portfolio')).toBe(second);
  });

  it('counts the lifetime from before the request, so a slow answer never keeps a token past its refresh point', async () => {
    let now = 1_000_000;
    let issued = 0;
    const provider = new ServiceTokenProvider(
      async () => {
        issued += 1;
        now += 10_000; // identity took 10 s to answer
        return { access_token: `t${issued}`, expires_in: 100 };
      },
      { now: () => now, refreshAfter: 0.5 },
    );
    expect(await provider.token('portfolio')).toBe('t1');
    now = 1_000_000 + 49_999;
    expect(await provider.token('portfolio')).toBe('t1');
    // 50 s after the request (not after the answer, which would be 60 s): renewed.
    now = 1_000_000 + 50_000;
    expect(await provider.token('portfolio')).toBe('t2');
  });
});
