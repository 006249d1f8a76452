import { demoCalls } from './demo-calls.data.ts';
import { demoConversations } from './demo-conversations.data.ts';
import { demoSentAt, demoThreadDaysAgo, MESSAGE_GAP_MS } from './demo-history.data.ts';
import { demoPortfolio } from './demo-portfolio.data.ts';

const now = new Date('2026-11-24T15:30:12.345Z');

describe("the demo's history", () => {
  it('dates every thread of the demo, and only those, within the 60 days messaging honours and at least a day ago', () => {
    expect(Object.keys(demoThreadDaysAgo).sort()).toEqual(demoConversations.map((thread) => thread.key).sort());
    for (const days of Object.values(demoThreadDaysAgo)) {
      expect(days).toBeGreaterThanOrEqual(1);
      expect(days).toBeLessThanOrEqual(30);
    }
  });

  it('keeps the order the threads arrive in, and a thread\'s messages apart, in whole seconds', () => {
    const firsts = demoConversations.map((thread) => demoSentAt(thread.key, 0, now)!.getTime());
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
    const dishwasher = demoConversations.find((thread) => thread.messages.length > 1)!;
    const [first, second] = [0, 1].map((index) => demoSentAt(dishwasher.key, index, now)!);
    expect(second!.getTime() - first!.getTime()).toBe(MESSAGE_GAP_MS);
    expect(first!.getMilliseconds()).toBe(0);
    // Every message of a thread is in the past, before the next thread began.
    for (const [i, thread] of demoConversations.entries()) {
      const last = demoSentAt(thread.key, thread.messages.length - 1, now)!.getTime();
      expect(last).toBeLessThan(demoConversations[i + 1] ? demoSentAt(demoConversations[i + 1]!.key, 0, now)!.getTime() : now.getTime());
    }
  });

  it('sends a thread it does not list now', () => {
    expect(demoSentAt('a-thread-added-later', 0, now)).toBeUndefined();
  });
});

describe("the demo's calls", () => {
  it('come from tenants with a phone at the location called, or from a number no demo tenant or partner has', () => {
    const phones = demoPortfolio.flatMap((location) => [...location.tenants.map((t) => t.phone), ...location.partners.map((p) => p.phone)]).filter(Boolean);
    expect(new Set(demoCalls.map((call) => call.key)).size).toBe(demoCalls.length);
    for (const call of demoCalls) {
      const location = demoPortfolio.find((l) => l.name === call.locationName);
      expect(location).toBeDefined();
      if ('tenant' in call.from) expect(location!.tenants.find((t) => t.fullName === (call.from as { tenant: string }).tenant)?.phone).toBeDefined();
      else expect(phones).not.toContain(call.from.unknownPhone);
      expect(call.speech.length).toBeGreaterThan(0);
    }
  });
});
