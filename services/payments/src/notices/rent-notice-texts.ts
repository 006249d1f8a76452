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

/** "2 de diciembre de 2026". */
function longDateEs(date: PlainDate): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('es-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** "diciembre de 2026" for a period (YYYY-MM). */
function periodEs(period: string): string {
  return new Date(`${period}-01T12:00:00Z`).toLocaleDateString('es-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const METHOD_NAMES: Record<PaymentMethod, string> = { card: 'card', ach: 'bank account (ACH)', check: 'check', bank_transfer: 'bank transfer', cash: 'cash', other: 'other' };
const METHOD_NAMES_ES: Record<PaymentMethod, string> = { card: 'tarjeta', ach: 'cuenta bancaria (ACH)', check: 'cheque', bank_transfer: 'transferencia bancaria', cash: 'efectivo', other: 'otro' };

/** One wording of a notice: as an e-mail, and as a text message (one or two SMS segments) for a tenant with a phone. */
export interface NoticeWording {
  subject: string;
  body: string;
  sms: string;
}

/**
 * A notice in English, and in the other languages it is written in (`translations`, by language code), which
 * messaging uses for a tenant it knows to write in one. Written by hand, not by a model: each states exactly the same
 * figures and dates.
 */
export interface NoticeText extends NoticeWording {
  translations: { es: NoticeWording };
}

export function receiptText(n: { tenantName: string; place: string; amountCents: number; paidOn: PlainDate; method: PaymentMethod; balanceCents: number }): NoticeText {
  const balance = n.balanceCents > 0 ? `Your balance is now ${dollars(n.balanceCents)}.` : n.balanceCents < 0 ? `You have a credit of ${dollars(-n.balanceCents)}.` : 'Your balance is now $0.00.';
  return {
    subject: `Receipt: ${dollars(n.amountCents)} rent received`,
    body: `Hello ${n.tenantName},\n\nWe received your rent payment of ${dollars(n.amountCents)} for ${n.place} on ${longDate(n.paidOn)} (${METHOD_NAMES[n.method]}). ${balance}\n\nThank you.`,
    sms: `Receipt: we received your rent payment of ${dollars(n.amountCents)} for ${n.place} on ${longDate(n.paidOn)}. ${balance} Thank you.`,
    translations: {
      es: (() => {
        const saldo = n.balanceCents > 0 ? `Su saldo ahora es ${dollars(n.balanceCents)}.` : n.balanceCents < 0 ? `Tiene un crédito de ${dollars(-n.balanceCents)}.` : 'Su saldo ahora es $0.00.';
        return {
          subject: `Recibo: recibimos ${dollars(n.amountCents)} de renta`,
          body: `Hola ${n.tenantName}:\n\nRecibimos su pago de renta de ${dollars(n.amountCents)} para ${n.place} el ${longDateEs(n.paidOn)} (${METHOD_NAMES_ES[n.method]}). ${saldo}\n\nGracias.`,
          sms: `Recibo: recibimos su pago de renta de ${dollars(n.amountCents)} para ${n.place} el ${longDateEs(n.paidOn)}. ${saldo} Gracias.`,
        };
      })(),
    },
  };
}

export function reminderText(n: { tenantName: string; place: string; amountCents: number; dueOn: PlainDate }): NoticeText {
  return {
    subject: `Rent of ${dollars(n.amountCents)} is due on ${longDate(n.dueOn)}`,
    body: `Hello ${n.tenantName},\n\nA reminder that your rent of ${dollars(n.amountCents)} for ${n.place} is due on ${longDate(n.dueOn)}. Your property manager can send you a payment link; paying from a bank account (ACH) has no fee.`,
    sms: `Reminder: your rent of ${dollars(n.amountCents)} for ${n.place} is due on ${longDate(n.dueOn)}.`,
    translations: {
      es: {
        subject: `Su renta de ${dollars(n.amountCents)} vence el ${longDateEs(n.dueOn)}`,
        body: `Hola ${n.tenantName}:\n\nLe recordamos que su renta de ${dollars(n.amountCents)} para ${n.place} vence el ${longDateEs(n.dueOn)}. Su administrador puede enviarle un enlace de pago; pagar desde una cuenta bancaria (ACH) no tiene cargo.`,
        sms: `Recordatorio: su renta de ${dollars(n.amountCents)} para ${n.place} vence el ${longDateEs(n.dueOn)}.`,
      },
    },
  };
}

export function lateNoticeText(n: { tenantName: string; place: string; lateFeeCents: number; balanceCents: number; period: string }): NoticeText {
  return {
    subject: `Rent is late: a late fee of ${dollars(n.lateFeeCents)} was added`,
    body: `Hello ${n.tenantName},\n\nYour rent for ${n.place} (${n.period}) was not paid in full by the end of its grace period, so a late fee of ${dollars(n.lateFeeCents)} was added. Your balance is ${dollars(n.balanceCents)}. Please pay as soon as you can, or contact your property manager.`,
    sms: `Your rent for ${n.place} is late: a late fee of ${dollars(n.lateFeeCents)} was added. Your balance is ${dollars(n.balanceCents)}.`,
    translations: {
      es: {
        subject: `Renta atrasada: se agregó un cargo por atraso de ${dollars(n.lateFeeCents)}`,
        body: `Hola ${n.tenantName}:\n\nSu renta de ${periodEs(n.period)} para ${n.place} no se pagó completa antes de terminar el periodo de gracia, por lo que se agregó un cargo por atraso de ${dollars(n.lateFeeCents)}. Su saldo es ${dollars(n.balanceCents)}. Por favor pague lo antes posible o comuníquese con su administrador.`,
        sms: `Su renta de ${n.place} está atrasada: se agregó un cargo por atraso de ${dollars(n.lateFeeCents)}. Su saldo es ${dollars(n.balanceCents)}.`,
      },
    },
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
    translations: {
      es: {
        subject: `Su enlace de pago de renta para ${n.place}`,
        body: `Hola ${n.tenantName}:\n\nPuede pagar su renta de ${n.place} en línea:\n\n${n.links
          .map((link) =>
            link.method === 'us_bank_account'
              ? `Pague ${dollars(link.total)} desde su cuenta bancaria (ACH, sin cargo, recomendado):\n${link.url}`
              : `Pague ${dollars(link.total)} con tarjeta (incluye un cargo por tarjeta de ${dollars(link.fee)}):\n${link.url}`,
          )
          .join('\n\n')}`,
        sms: ach ? `Pague su renta de ${n.place} en línea (${dollars(ach.total)}${ach.method === 'us_bank_account' ? ', cuenta bancaria, sin cargo' : ''}): ${ach.url}` : `Le enviamos por correo su enlace de pago de renta para ${n.place}.`,
      },
    },
  };
}
