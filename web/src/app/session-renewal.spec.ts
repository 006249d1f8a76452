import { waitFor } from '@testing-library/react';
import { aSession, aUser, jsonResponse, stubBff } from '../../test/bff-stub.js';
import { TabLocks } from '../../test/tab-locks.js';
import { refreshSession, restoreSession } from '../features/auth/session/session-thunks.js';
import { baseApi } from './base-api.js';
import { SESSION_CHANNEL, startTabCoordination, type TabPrimitives } from './session-renewal.js';
import { selectAccessToken, selectSessionExpiresAt, selectSessionUser, sessionFromResponse, type SessionResponse } from './session-slice.js';
import { createAppStore } from './store.js';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<{ ok: boolean }, string>({ query: (name) => `probe/${name}` }) }),
});

let bff: ReturnType<typeof stubBff>;
const leaving: Array<() => void> = [];
afterEach(() => {
  bff?.restore();
  for (const leave of leaving.splice(0)) leave();
});

/** A page of the app in one tab: its own store, joined to the others by the shared locks and a channel of its own. */
function aTab(locks: TabLocks | undefined, signedIn?: SessionResponse, channel: TabPrimitives['channel'] = new BroadcastChannel(SESSION_CHANNEL)) {
  const store = createAppStore();
  if (signedIn) store.dispatch(sessionFromResponse(signedIn));
  leaving.push(store.dispatch(startTabCoordination({ locks, channel })));
  // Ends the cached answers' five-minute timers with the test.
  leaving.push(() => store.dispatch(baseApi.util.resetApiState()));
  return store;
}

/**
 * The session channel as between renderer processes of a loaded machine: each message arrives `ms` late, later than
 * the lock the sender released after posting it.
 */
function lateChannel(ms: number): NonNullable<TabPrimitives['channel']> {
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  let open = true;
  return {
    postMessage: (message: unknown) => void setTimeout(() => open && channel.postMessage(message), ms),
    close: () => {
      open = false;
      channel.close();
    },
    addEventListener: channel.addEventListener.bind(channel),
    removeEventListener: channel.removeEventListener.bind(channel),
  };
}

/** POST auth/refresh answering a new session of `user` each time, after a network's moment. */
function refreshingAs(user = aUser()) {
  const issued: SessionResponse[] = [];
  bff = stubBff({
    'POST auth/refresh': async () => {
      const session = aSession(user);
      issued.push(session);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return jsonResponse(session);
    },
  });
  return issued;
}

describe('renewing the session across tabs', () => {
  it('lets four tabs that refresh at once send one refresh and all take its session', async () => {
    const user = aUser();
    const issued = refreshingAs(user);
    const locks = new TabLocks();
    const tabs = [1, 2, 3, 4].map(() => aTab(locks, aSession(user)));

    const answers = await Promise.all(tabs.map((tab) => tab.dispatch(refreshSession())));

    expect(bff.callsTo('POST', 'auth/refresh')).toHaveLength(1);
    expect(answers).toEqual(tabs.map(() => issued[0]));
    for (const tab of tabs) expect(selectAccessToken(tab.getState())).toBe(issued[0]!.access_token);
  });

  it('sends one refresh where the other tab\'s answer reaches a waiting tab after the lock does', async () => {
    const user = aUser();
    const issued = refreshingAs(user);
    const locks = new TabLocks();
    const tabs = [aTab(locks, aSession(user), lateChannel(150)), aTab(locks, aSession(user), lateChannel(150))];

    const answers = await Promise.all(tabs.map((tab) => tab.dispatch(refreshSession())));

    expect(bff.callsTo('POST', 'auth/refresh')).toHaveLength(1);
    expect(answers).toEqual(tabs.map(() => issued[0]));
  });

  it('gives a tab that takes another tab\'s session late the expiry that tab reckoned, not one counted from its own moment', async () => {
    const user = aUser();
    const issued = refreshingAs(user);
    const locks = new TabLocks();
    const refresher = aTab(locks, aSession(user));
    const late = aTab(locks, aSession(user), lateChannel(400));

    const before = Date.now();
    await refresher.dispatch(refreshSession());
    const after = Date.now();
    await waitFor(() => expect(selectAccessToken(late.getState())).toBe(issued[0]!.access_token));

    // Reckoned from its own moment the late tab would count the token 400 ms longer than it lives.
    const expiresAt = selectSessionExpiresAt(late.getState())!;
    expect(expiresAt).toBe(selectSessionExpiresAt(refresher.getState()));
    expect(expiresAt).toBeGreaterThanOrEqual(before + issued[0]!.expires_in * 1000);
    expect(expiresAt).toBeLessThanOrEqual(after + issued[0]!.expires_in * 1000);
  });

  it('gives tabs that are loading the session another tab restored, without a refresh of their own', async () => {
    const user = aUser();
    refreshingAs(user);
    const locks = new TabLocks();
    const tabs = [aTab(locks), aTab(locks), aTab(locks)];

    await Promise.all(tabs.map((tab) => tab.dispatch(restoreSession())));

    expect(bff.callsTo('POST', 'auth/refresh')).toHaveLength(1);
    for (const tab of tabs) expect(selectSessionUser(tab.getState())).toEqual(user);
  });

  it('refreshes in turn, not at once, where a tab refreshes after another tab has finished', async () => {
    const user = aUser();
    const issued = refreshingAs(user);
    const locks = new TabLocks();
    const [first, second] = [aTab(locks, aSession(user)), aTab(locks, aSession(user))];

    await first.dispatch(refreshSession());
    await new Promise((resolve) => setTimeout(resolve, 10));
    await second.dispatch(refreshSession());

    // Each refresh started after the one before had ended: a second rotation, never two presentations of one token.
    expect(bff.callsTo('POST', 'auth/refresh')).toHaveLength(2);
    expect(selectAccessToken(second.getState())).toBe(issued[1]!.access_token);
    await waitFor(() => expect(selectAccessToken(first.getState())).toBe(issued[1]!.access_token));
  });

  it('leaves a tab signed in as someone else with its own session', async () => {
    const user = aUser();
    refreshingAs(user);
    const locks = new TabLocks();
    const mine = aTab(locks, aSession(user));
    const someoneElse = aSession(aUser({ email: 'other@example.com' }));
    const theirs = aTab(locks, someoneElse);

    await mine.dispatch(refreshSession());
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(selectAccessToken(theirs.getState())).toBe(someoneElse.access_token);
  });

  it('still sends one refresh per page where the browser has no Web Locks', async () => {
    const user = aUser();
    refreshingAs(user);
    const tab = aTab(undefined, aSession(user));

    await Promise.all([tab.dispatch(refreshSession()), tab.dispatch(refreshSession()), tab.dispatch(refreshSession())]);

    expect(bff.callsTo('POST', 'auth/refresh')).toHaveLength(1);
  });
});

describe('a request the BFF refuses with 401', () => {
  it('is sent again after one refresh shared by every request refused at once', async () => {
    const user = aUser();
    const expired = aSession(user);
    const fresh = aSession(user);
    bff = stubBff({
      'POST auth/refresh': async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return jsonResponse(fresh);
      },
      ...Object.fromEntries(
        ['a', 'b', 'c'].map((name) => [
          `GET probe/${name}`,
          (request: Request) =>
            request.headers.get('authorization') === `Bearer ${fresh.access_token}`
              ? jsonResponse({ ok: true })
              : jsonResponse({ statusCode: 401, message: 'Authentication required' }, 401),
        ]),
      ),
    });
    const tab = aTab(new TabLocks(), expired);

    const results = await Promise.all(['a', 'b', 'c'].map((name) => tab.dispatch(probeApi.endpoints.probe.initiate(name))));

    expect(results.map((result) => result.data)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(bff.callsTo('POST', 'auth/refresh')).toHaveLength(1);
    expect(selectAccessToken(tab.getState())).toBe(fresh.access_token);
  });

  it('ends the session and shows the refusal when the refresh is refused too', async () => {
    bff = stubBff({
      'POST auth/refresh': () => jsonResponse({ statusCode: 401, message: 'Your session has expired. Please sign in again.' }, 401),
      'GET probe/a': () => jsonResponse({ statusCode: 401, message: 'Authentication required' }, 401),
    });
    const tab = aTab(new TabLocks(), aSession());

    const result = await tab.dispatch(probeApi.endpoints.probe.initiate('a'));

    expect(result.error).toMatchObject({ status: 401 });
    expect(bff.callsTo('GET', 'probe/a')).toHaveLength(1);
    expect(selectAccessToken(tab.getState())).toBeNull();
  });

  it('is not retried for the auth calls, whose 401 is their answer', async () => {
    bff = stubBff({ 'POST auth/sign-in': () => jsonResponse({ statusCode: 401, message: 'Invalid login credentials' }, 401) });
    const tab = aTab(new TabLocks(), aSession());

    const { authApi } = await import('../features/auth/api.js');
    await tab.dispatch(authApi.endpoints.signIn.initiate({ email: 'a@example.com', password: 'wrong one' }));

    expect(bff.callsTo('POST', 'auth/refresh')).toHaveLength(0);
  });
});
