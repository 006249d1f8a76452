/**
 * When the demo's conversations happened: a few weeks of history rather than every message stamped at the seed's
 * start. Each thread's first message was sent this many days before the seed runs, its later messages MESSAGE_GAP
 * apart (an e-mail answered the same afternoon, a second text the same hour). The sender's time travels through
 * the real inputs: a text's signed `SandboxSentAt` (Twilio posts no time; the sandbox's webhook takes it in the local
 * profile only) and an e-mail's `Date` header, which messaging honours in the sandbox profile within its last 60
 * days (services/messaging/src/messages/sender-time.ts). A thread not listed here is sent as it is seeded (now).
 * What the team does (edits, replies, archives) is stamped when the seed does it: the product never backdates an
 * approval or a send.
 */
export const demoThreadDaysAgo: Readonly<Record<string, number>> = {
  'harbor-view-maria-recycling': 26,
  'harbor-view-james-dishwasher': 22,
  'harbor-view-daniel-parking': 18,
  'harbor-view-prospect': 15,
  'harbor-view-hannah-renewal': 12,
  'harbor-view-emily-cat': 9,
  'harbor-view-olivia-noise': 6,
  'harbor-view-samuel-gym': 5,
  'cedar-street-peter-trash': 4,
  'harbor-view-luis-sparks': 3,
  'cedar-street-abigail-laundry': 2,
  'harbor-view-tyler-leak': 1,
};

const DAY_MS = 24 * 3_600_000;
/** Between two messages of one thread. */
export const MESSAGE_GAP_MS = 47 * 60_000;

/** The seed's one "now" for the whole history, so that every message of a run is placed from the same instant. */
const seedClock = new Date();

/** When the thread's n-th message was sent, or undefined for a thread without a history (sent now). */
export function demoSentAt(threadKey: string, index: number, now = seedClock): Date | undefined {
  const days = demoThreadDaysAgo[threadKey];
  if (days === undefined) return undefined;
  // Whole seconds: an e-mail's Date header carries no more.
  return new Date(Math.floor((now.getTime() - days * DAY_MS) / 1000) * 1000 + index * MESSAGE_GAP_MS);
}
