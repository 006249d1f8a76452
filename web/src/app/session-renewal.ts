import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { selectAccessToken, sessionCleared, sessionFromResponse, type SessionResponse } from './session-slice.js';
import type { RootState } from './store.js';

/**
 * Renewing the access token, once at a time per page and across the tabs of the browser.
 *
 * The refresh token rotates on every use and lives in one httpOnly cookie shared by every tab. Refreshes from
 * several tabs at once would present one token several times (the server forgives that only for a few seconds, and
 * a tab woken later would be taken for a thief), so:
 * - within a page, everyone who needs a new token (the session keeper, the load-time restore, every request the BFF
 *   answered 401) waits for the one refresh in flight;
 * - across tabs, a refresh runs holding the Web Lock `REFRESH_LOCK`, and its result goes to the other tabs on the
 *   `SESSION_CHANNEL` BroadcastChannel; they adopt it (their session keeper then waits for the new expiry) and a tab
 *   that was waiting for the lock finds a session newer than its request and does not refresh at all. The lock and the
 *   channel are separate messages between processes, so a tab granted the lock after waiting for it may get the
 *   grant before the holder's answer: having waited, it knows an answer is coming and waits for that (a bounded
 *   while) instead of refreshing again.
 * The access token travels only between tabs of this origin, in memory, never into storage.
 */
export const REFRESH_LOCK = 'pm-session-refresh';
export const SESSION_CHANNEL = 'pm-session';

/** What the BFF said to a refresh: a session, a refusal (the session is over), or no answer (network, 5xx). */
export type RefreshOutcome = { session: SessionResponse } | { refused: true } | { failed: true };

/** An RTK Query answer to POST auth/refresh as an outcome: only a 401/403 is a refusal. */
export function refreshOutcomeOf(result: { data?: unknown; error?: unknown }): RefreshOutcome {
  if (result.data) return { session: result.data as SessionResponse };
  const { error } = result;
  const status = error && typeof error === 'object' && 'status' in error ? error.status : undefined;
  return status === 401 || status === 403 ? { refused: true } : { failed: true };
}

/**
 * Between tabs: a refresh begins (`started`), and ends with the session it got, or none (`ended`). `expiresAt` is when
 * that session's token expires, reckoned when the refreshing tab received it: a tab that adopts it later (a background
 * tab whose timers the browser throttles) must not count the token's lifetime from its own, later, moment.
 */
type TabMessage =
  | { type: 'refresh-started'; tab: string }
  | { type: 'refresh-ended'; tab: string; session: SessionResponse | null; expiresAt?: number };

/** The browser primitives the coordination runs on (the real ones in a page; the tests give stand-ins for locks). */
export interface TabPrimitives {
  locks?: TabLockManager | undefined;
  channel?: Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener' | 'removeEventListener'> | undefined;
}

/** The two ways of asking for a Web Lock the coordination uses: wait for it, or take it only if no one holds it. */
export interface TabLockManager {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T> | T): Promise<T>;
}

/**
 * A tab granted the lock a moment before the holder's `refresh-ended` reaches it waits for that message this long,
 * then refreshes itself, which is still right (the cookie is already the new one), only not shared.
 */
const OTHER_TAB_ANSWER_WAIT_MS = 3_000;

interface PageRenewal {
  tab: string;
  tabs: TabPrimitives | null;
  inFlight: Promise<SessionResponse | null> | null;
  /** Counts sessions adopted from other tabs; a refresh asked for before the latest adoption has its answer. */
  adoptions: number;
  adopted: SessionResponse | null;
  /** Other tabs whose refresh has started and not yet ended. */
  othersRefreshing: Set<string>;
  /** `refresh-ended` messages received from other tabs, counted. */
  othersEnded: number;
  /** Who waits for the next message from another tab. */
  onMessage: Array<() => void>;
}

type AppDispatchLike = Dispatch<UnknownAction>;
type GetState = () => unknown;

// Keyed by the store's middleware `dispatch`: thunks and RTK Query's base query receive that same function.
const pages = new WeakMap<AppDispatchLike, PageRenewal>();

function pageOf(dispatch: AppDispatchLike): PageRenewal {
  let page = pages.get(dispatch);
  if (!page) {
    page = { tab: crypto.randomUUID(), tabs: null, inFlight: null, adoptions: 0, adopted: null, othersRefreshing: new Set(), othersEnded: 0, onMessage: [] };
    pages.set(dispatch, page);
  }
  return page;
}

/** The page's real primitives, where the browser has them (every current one does; without, only in-page single flight). */
export function browserTabPrimitives(): TabPrimitives {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : undefined;
  return { locks, channel };
}

/**
 * Joins this page's store to the other tabs: from now on its refreshes hold the browser-wide lock and share their
 * result, and it adopts the sessions other tabs refreshed. Returns the way to leave (closing the channel).
 */
export function startTabCoordination(tabs: TabPrimitives = browserTabPrimitives()) {
  return (dispatch: AppDispatchLike, getState: GetState): (() => void) => {
    const page = pageOf(dispatch);
    page.tabs = tabs;
    const onMessage = (event: Event) => {
      const message = (event as MessageEvent<TabMessage>).data;
      if (message?.type === 'refresh-started') page.othersRefreshing.add(message.tab);
      if (message?.type === 'refresh-ended') {
        page.othersRefreshing.delete(message.tab);
        page.othersEnded += 1;
        const { session } = getState() as RootState;
        // The cookie is the browser's: a page that is restoring, or signed in as the same person, takes the newer
        // session. A page signed out, or as someone else, keeps to what its user did there.
        if (message.session && (session.restoring || session.user?.id === message.session.user.id)) {
          page.adoptions += 1;
          page.adopted = message.session;
          dispatch(sessionFromResponse(message.session, message.expiresAt));
        }
      }
      for (const resume of page.onMessage.splice(0)) resume();
    };
    tabs.channel?.addEventListener('message', onMessage);
    return () => {
      tabs.channel?.removeEventListener('message', onMessage);
      tabs.channel?.close();
      if (page.tabs === tabs) page.tabs = null;
      for (const resume of page.onMessage.splice(0)) resume();
    };
  };
}

/** Resolves once `done()` holds, checked on each message from another tab, or after OTHER_TAB_ANSWER_WAIT_MS. */
function untilOtherTabs(page: PageRenewal, done: () => boolean): Promise<void> {
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, OTHER_TAB_ANSWER_WAIT_MS);
    const check = () => {
      if (done() || page.tabs === null) {
        clearTimeout(timer);
        resolve();
      } else page.onMessage.push(check);
    };
    page.onMessage.push(check);
  });
}

/**
 * A new access token: joins the refresh in flight in this page, or takes the browser-wide lock, and there either
 * finds the session another tab got meanwhile or calls `refresh`. A refusal ends the session; a network failure
 * leaves the current token to expire on its own.
 */
export function renewSession(dispatch: AppDispatchLike, refresh: () => Promise<RefreshOutcome>): Promise<SessionResponse | null> {
  const page = pageOf(dispatch);
  if (page.inFlight) return page.inFlight;
  const askedAfter = page.adoptions;
  const endedBefore = page.othersEnded;
  const tabs = page.tabs;
  const post = (message: TabMessage) => tabs?.channel?.postMessage(message);
  /** `waited`: the lock was held by another tab when this one asked, so that tab's answer is on its way. */
  const work = async (waited: boolean): Promise<SessionResponse | null> => {
    if (waited) await untilOtherTabs(page, () => page.othersEnded > endedBefore);
    // A refresh another tab started (its `refresh-started` came) but whose end has not come yet.
    await untilOtherTabs(page, () => page.othersRefreshing.size === 0);
    page.othersRefreshing.clear();
    if (page.adoptions > askedAfter && page.adopted) return page.adopted;
    post({ type: 'refresh-started', tab: page.tab });
    let session: SessionResponse | null = null;
    let expiresAt: number | undefined;
    try {
      const outcome = await refresh();
      if ('session' in outcome) {
        session = outcome.session;
        expiresAt = Date.now() + session.expires_in * 1000;
        dispatch(sessionFromResponse(session, expiresAt));
      }
      if ('refused' in outcome) dispatch(sessionCleared());
      return session;
    } finally {
      post({ type: 'refresh-ended', tab: page.tab, session, ...(expiresAt === undefined ? {} : { expiresAt }) });
    }
  };
  const renewal = (tabs?.locks ? underLock(tabs.locks, work) : work(false)).finally(() => {
    page.inFlight = null;
  });
  page.inFlight = renewal;
  return renewal;
}

/**
 * Resolves when this page's renewal in flight (the load-time restore, the session keeper's) has ended, however it
 * ended. Signing out waits for it: a refresh answered after the sign-out would set a new cookie and session again.
 */
export function renewalSettled(dispatch: AppDispatchLike): Promise<void> {
  const inFlight = pages.get(dispatch)?.inFlight;
  return inFlight ? inFlight.then(() => undefined, () => undefined) : Promise.resolve();
}

/** Runs `work` holding REFRESH_LOCK, telling it whether another tab held the lock when it was asked for. */
async function underLock<T>(locks: TabLockManager, work: (waited: boolean) => Promise<T>): Promise<T> {
  const taken = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) => (lock ? { result: await work(false) } : null));
  return taken ? taken.result : locks.request(REFRESH_LOCK, () => work(true));
}

/**
 * After the BFF refused `rejectedToken` (401): true when the request is worth sending again with the page's token,
 * because it has been renewed meanwhile (by this page or an adopted one) or is renewed now.
 */
export async function renewAfterRejection(
  dispatch: AppDispatchLike,
  getState: GetState,
  rejectedToken: string,
  refresh: () => Promise<RefreshOutcome>,
): Promise<boolean> {
  const current = selectAccessToken(getState() as RootState);
  if (current !== null && current !== rejectedToken) return true;
  if (current === null) return false;
  return (await renewSession(dispatch, refresh)) !== null;
}
