import { aSession, jsonResponse, stubBff } from '../../../../test/bff-stub.js';
import { selectAccessToken, selectIsRestoringSession, selectSessionUser, sessionFromResponse } from '../../../app/session-slice.js';
import { createAppStore } from '../../../app/store.js';
import { refreshSession, renewIfExpiring, restoreSession, signOut } from './session-thunks.js';

let bff: ReturnType<typeof stubBff>;
afterEach(() => bff.restore());

describe('session thunks', () => {
  it('restores the session from the refresh cookie, waiting state first', async () => {
    const session = aSession();
    bff = stubBff({ 'POST auth/refresh': () => jsonResponse(session) });
    const store = createAppStore();

    const restoring = store.dispatch(restoreSession());
    expect(selectIsRestoringSession(store.getState())).toBe(true);
    await restoring;

    expect(selectIsRestoringSession(store.getState())).toBe(false);
    expect(selectAccessToken(store.getState())).toBe(session.access_token);
    expect(selectSessionUser(store.getState())).toEqual(session.user);
  });

  it('sends one refresh when several ask at once, because a reused refresh token revokes the family', async () => {
    const session = aSession();
    bff = stubBff({ 'POST auth/refresh': () => jsonResponse(session) });
    const store = createAppStore();

    const [a, b] = await Promise.all([store.dispatch(refreshSession()), store.dispatch(refreshSession())]);

    expect(bff.callsTo('POST', 'auth/refresh')).toHaveLength(1);
    expect(a).toEqual(session);
    expect(b).toEqual(session);
  });

  it("renews for the session keeper only while the page's token is about to expire: one adopted meanwhile is kept", async () => {
    const renewed = aSession();
    bff = stubBff({ 'POST auth/refresh': () => jsonResponse(renewed) });
    const store = createAppStore();
    const fresh = aSession();
    store.dispatch(sessionFromResponse(fresh));

    // A fresh token (as adopted from another tab): nothing is sent.
    expect(await store.dispatch(renewIfExpiring(65_000))).toBeNull();
    expect(bff.callsTo('POST', 'auth/refresh')).toHaveLength(0);
    expect(selectAccessToken(store.getState())).toBe(fresh.access_token);

    // A token within the window: renewed.
    store.dispatch(sessionFromResponse({ ...fresh, expires_in: 30 }));
    expect(await store.dispatch(renewIfExpiring(65_000))).toEqual(renewed);
    expect(bff.callsTo('POST', 'auth/refresh')).toHaveLength(1);
  });

  it('clears the session when the server refuses the refresh', async () => {
    bff = stubBff({ 'POST auth/refresh': () => jsonResponse({ statusCode: 401, message: 'Unauthorized' }, 401) });
    const store = createAppStore();
    store.dispatch(sessionFromResponse(aSession()));

    expect(await store.dispatch(refreshSession())).toBeNull();
    expect(selectAccessToken(store.getState())).toBeNull();
  });

  it('signs out at the BFF and forgets the session', async () => {
    bff = stubBff({ 'POST auth/sign-out': () => jsonResponse(null, 204) });
    const store = createAppStore();
    const session = aSession();
    store.dispatch(sessionFromResponse(session));

    await store.dispatch(signOut());

    expect(bff.callsTo('POST', 'auth/sign-out')[0]!.authorization).toBe(`Bearer ${session.access_token}`);
    expect(selectAccessToken(store.getState())).toBeNull();
  });

  it('signs out after a restore in flight has been answered, so its answer cannot bring the session back (opening /logout)', async () => {
    const session = aSession();
    const order: string[] = [];
    bff = stubBff({
      'POST auth/refresh': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        order.push('refresh answered');
        return jsonResponse(session);
      },
      'POST auth/sign-out': () => {
        order.push('sign-out sent');
        return jsonResponse(null, 204);
      },
    });
    const store = createAppStore();

    const restoring = store.dispatch(restoreSession());
    await store.dispatch(signOut());
    await restoring;

    expect(order).toEqual(['refresh answered', 'sign-out sent']);
    expect(selectAccessToken(store.getState())).toBeNull();
  });
});
