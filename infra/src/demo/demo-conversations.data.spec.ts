import { messagingLimits } from '@pm/contracts';
import { demoConversations, demoSpanishHazardThreadKey, demoUncoveredThreadKey, demoUrgentThreadKey } from './demo-conversations.data.ts';
import { demoPortfolio } from './demo-portfolio.data.ts';
import { demoMessageId, demoMessageSid, demoPdf, e164 } from './seed-demo-conversations.ts';

describe('the demo conversations', () => {
  it("are written by tenants of their location, from the phone or address the portfolio gives them, and one stranger", () => {
    for (const thread of demoConversations) {
      const location = demoPortfolio.find((candidate) => candidate.name === thread.locationName);
      expect(location).toBeDefined();
      if ('tenant' in thread.from) {
        const tenant = location!.tenants.find((candidate) => candidate.fullName === (thread.from as { tenant: string }).tenant);
        expect(tenant?.[thread.channel === 'sms' ? 'phone' : 'email']).toBeTruthy();
      } else {
        const everyPhone = demoPortfolio.flatMap((l) => [...l.tenants.map((t) => t.phone), ...l.partners.map((p) => p.phone)]).filter(Boolean).map((p) => e164(p!));
        expect(everyPhone).not.toContain(e164(thread.from.unknownPhone));
      }
    }
    expect(demoConversations.filter((thread) => !('tenant' in thread.from))).toHaveLength(1);
  });

  it('cover SMS and e-mail, a thread of several messages, one PDF attachment, an urgent leak and every action of the team (a resolved ticket too)', () => {
    expect(new Set(demoConversations.map((thread) => thread.channel))).toEqual(new Set(['sms', 'email']));
    expect(demoConversations.some((thread) => thread.messages.length > 1 && thread.channel === 'email')).toBe(true);
    expect(demoConversations.flatMap((thread) => (thread.channel === 'email' ? thread.messages.filter((m) => m.attachment) : []))).toHaveLength(1);
    expect(demoConversations.find((thread) => thread.key === demoUrgentThreadKey)?.messages.join(' ')).toMatch(/leak/i);
    expect(demoConversations.find((thread) => thread.key === demoSpanishHazardThreadKey)?.messages.join(' ')).toMatch(/chispas/);
    expect(demoConversations.find((thread) => thread.key === demoUncoveredThreadKey)?.messages.join(' ')).toMatch(/fitness/);
    expect(new Set(demoConversations.flatMap((thread) => thread.actions.map((action) => action.kind)))).toEqual(new Set(['reply', 'edit', 'regenerate', 'archive', 'resolve-ticket']));
    expect(demoConversations.some((thread) => thread.actions.length === 0)).toBe(true);
  });

  it('have fixed, distinct ids that the webhook and the SMTP receiver accept, and texts within their limits', () => {
    const ids = demoConversations.flatMap((thread) => thread.messages.map((_, i) => (thread.channel === 'sms' ? demoMessageSid(thread.key, i) : demoMessageId(thread.key, i))));
    expect(new Set(ids).size).toBe(ids.length);
    expect(demoMessageSid('harbor-view-tyler-leak', 0)).toBe(demoMessageSid('harbor-view-tyler-leak', 0));
    for (const thread of demoConversations.filter((t) => t.channel === 'sms')) {
      for (const [i, text] of thread.messages.entries()) {
        expect(demoMessageSid(thread.key, i)).toMatch(/^SM[0-9a-f]{32}$/);
        expect(text.length).toBeLessThanOrEqual(messagingLimits.smsBody);
      }
    }
  });

  it('attach a well-formed PDF: its cross-reference table points at each object', () => {
    const pdf = demoPdf({ filename: 'invoice.pdf', lines: ['Invoice (March)', 'Total $181.00'] }).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
    expect(Number(/startxref\n(\d+)\n/.exec(pdf)![1])).toBe(pdf.indexOf('xref\n'));
    expect(pdf).toContain('(Invoice \\(March\\)) \'');
  });
});
