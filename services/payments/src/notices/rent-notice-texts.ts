import type { PaymentMethod } from '../ledger/ledger.js';
import type { PlainDate } from '../ledger/plain-date.js';

/** $1,850.00 from integer cents, without floating point. */
export function dollars(cents: number): string {
  const whole = Math.abs(cents);
  const units = Math.floor(whole / 100).toLocaleString('en-US');
  return `${cents < 0 ? '-' : ''}$${units}.${String(whole % 100).padStart(2, '0')}`;
}

/** "December 2, 2026" for a plain date (never shifted by a time zone). */
export function longDate(date: PlainDate): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

const METHOD_NAMES: Record<PaymentMethod, string> = { card: 'card', ach: 'bank account (ACH)', check: 'check', bank_transfer: 'bank transfer', cash: 'cash', other: 'other' };

export interface NoticeText {
  subject: string;
  body: string;
  /** The same notice as a text message (one or two SMS segments), for a tenant with a mobile number. */
  sms: string;
}

export function receiptText(n: { tenantName: string; place: string; amountCents: number; paidOn: PlainDate; method: PaymentMethod; balanceCents: number }): NoticeText {
  const balance = n.balanceCents > 0 ? `Your balance is now ${dollars(n.balanceCents)}.` : n.balanceCents < 0 ? `You have a credit of ${dollars(-n.balanceCents)}.` : 'Your balance is now $0.00.';
  return {
    subject: `Receipt: ${dollars(n.amountCents)} rent received`,
    body: `Hello ${n.tenantName},\n\nWe received your rent payment of ${dollars(n.amountCents)} for ${n.place} on ${longDate(n.paidOn)} (${METHOD_NAMES[n.method]}). ${balance}\n\nThank you.`,
    sms: `Receipt: we received your rent payment of ${dollars(n.amountCents)} for ${n.place} on ${longDate(n.paidOn)}. ${balance} Thank you.`,
  };
}

export function reminderText(n: { tenantName: string; place: string; amountCents: number; dueOn: PlainDate }): NoticeText {
  return {
    subject: `Rent of ${dollars(n.amountCents)} is due on ${longDate(n.dueOn)}`,
    body: `Hello ${n.tenantName},\n\nA reminder that your rent of ${dollars(n.amountCents)} for ${n.place} is due on ${longDate(n.dueOn)}. Your property manager can send you a payment link; paying from a bank account (ACH) has no fee.`,
    sms: `Reminder: your rent of ${dollars(n.amountCents)} for ${n.place} is due on ${longDate(n.dueOn)}.`,
  };
}

export function lateNoticeText(n: { tenantName: string; place: string; lateFeeCents: number; balanceCents: number; period: string }): NoticeText {
  return {
    subject: `Rent is late: a late fee of ${dollars(n.lateFeeCents)} was added`,
    body: `Hello ${n.tenantName},\n\nYour rent for ${n.place} (${n.period}) was not paid in full by the end of its grace period, so a late fee of ${dollars(n.lateFeeCents)} was added. Your balance is ${dollars(n.balanceCents)}. Please pay as soon as you can, or contact your property manager.`,
    sms: `Your rent for ${n.place} is late: a late fee of ${dollars(n.lateFeeCents)} was added. Your balance is ${dollars(n.balanceCents)}.`,
  };
}

export function paymentLinksText(n: { tenantName: string; place: string; links: readonly { method: string; url: string; total: number; fee: number }[] }): NoticeText {
  const lines = n.links.map((link) =>
    link.method === 'us_bank_account'
      ? `Pay ${dollars(link.total)} from your bank account (ACH, no fee, recommended):\n${link.url}`
      : `Pay ${dollars(link.total)} by card (including a ${dollars(link.fee)} card fee):\n${link.url}`,
  );
  const ach = n.links.find((link) => link.method === 'us_bank_account') ?? n.links[0];
  return {
    subject: `Your rent payment link for ${n.place}`,
    body: `Hello ${n.tenantName},\n\nYou can pay your rent for ${n.place} online:\n\n${lines.join('\n\n')}`,
    // One link fits a text: the bank one (no fee); the e-mail has every method.
    sms: ach ? `Pay your rent for ${n.place} online (${dollars(ach.total)}${ach.method === 'us_bank_account' ? ', bank account, no fee' : ''}): ${ach.url}` : `Your rent payment link for ${n.place} was e-mailed to you.`,
  };
}
