import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer from 'nodemailer';
// The validator's own signer (as messaging checks it), without loading the package's whole REST client.
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { smsWebhookOf, smtpInboundPort } from '../apps/app-env.ts';
import type { RunProfile } from '../profile.ts';
import type { DemoApi } from './demo-api.ts';
import { type DemoEmailThread, type DemoPdfAttachment, type DemoSmsThread, type DemoThread, type DemoThreadAction, demoBulkSms, demoConversations } from './demo-conversations.data.ts';
import { demoSentAt } from './demo-history.data.ts';
import { type DemoLocation, demoPortfolio } from './demo-portfolio.data.ts';

/**
 * Where the demo's tenants reach messaging, locally: the SMS webhook with the sandbox's signing secret (what the
 * sandbox phone signs with, exactly as Twilio signs with its auth token) and the SMTP receiver of the locations'
 * addresses.
 */
export interface DemoMessagingInputs {
  /** messaging's `SMS_WEBHOOK_BASE_URL`: the signature covers `<base>/sms/inbound`. */
  smsWebhookBaseUrl: string;
  /** `SMS_SANDBOX_SECRET` (the webhook accepts it only with `SMS_PROVIDER=sandbox`). */
  smsSandboxSecret: string;
  smtp: { host: string; port: number };
}

/**
 * The inputs of the messaging a run profile starts (SMS_PROVIDER sandbox only: the webhook accepts the sandbox's
 * signature with no other provider), or undefined.
 */
export function demoMessagingInputs(profile: Pick<RunProfile, 'appPortOffset'>): DemoMessagingInputs | undefined {
  if ((process.env['SMS_PROVIDER'] ?? 'sandbox') !== 'sandbox') return undefined;
  const webhook = smsWebhookOf(profile);
  return { smsWebhookBaseUrl: webhook.baseUrl, smsSandboxSecret: webhook.sandboxSecret, smtp: { host: '127.0.0.1', port: Number(smtpInboundPort(profile)) } };
}

export type DemoConversationsResult =
  | {
      /** Inbound messages the demo's threads hold (stored now or by an earlier seed). */
      messages: number;
      /** Team actions taken now (`edit harbor-view-daniel-parking`…). */
      done: string[];
      /** Actions not taken, with the reason (a call not answered yet by this version of messaging). */
      skipped: string[];
    }
  | { skipped: string };

interface LocationView {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
}

interface InboxItemView {
  id: string;
  session_id: string;
  type: 'sms' | 'email' | 'vendor';
  external_id: string;
  replied_to: boolean;
  archived: boolean;
  draft: { status: 'pending' | 'ready' | 'failed'; version: number; reply: string | null; failure: string | null } | null;
}

interface TicketView {
  id: string;
  sms_id: string | null;
  email_id: string | null;
  resolved: boolean;
}

interface DraftVersionView {
  version: number;
  origin: 'ai' | 'regenerate' | 'edit';
  status: 'pending' | 'ready' | 'failed';
}

/** How long messaging may take to hear of a new location (its grants, number and address copies) after portfolio. */
const ROUTING_WAIT_MS = 30_000;

/**
 * The demo's conversations (demo-conversations.data.ts), entered through the product's real inputs: every SMS a
 * signed post to messaging's `/sms/inbound`, every e-mail an SMTP delivery to the location's address, so each is
 * matched to its tenant, stored, and drafted by the assistant exactly as a tenant's would be. The team's actions go
 * through the BFF's calls: edits and regenerations of drafts, replies (`sms/send-response`, `email/send-response`)
 * and archives. The seed does not wait for the AI: drafts are made in the background, pending until the assistant
 * has them (with the local model), or failed with the reason when the models are absent.
 *
 * Idempotent: MessageSids and Message-IDs are fixed, so a message seeded before is not stored again; an action
 * already taken (an edit, a regeneration, a reply, an archive) is not taken again. A reply or archive call that
 * this version of messaging does not answer yet (404 from the router, or 503: no service answers the contract) is
 * skipped with its reason, so the seed works before and after the sending feature is there.
 */
export async function seedDemoConversations(
  api: DemoApi,
  inputs: DemoMessagingInputs,
  threads: readonly DemoThread[] = demoConversations,
  portfolio: readonly DemoLocation[] = demoPortfolio,
): Promise<DemoConversationsResult> {
  const locations = new Map((await api.get<LocationView[]>('property-location/all')).map((location) => [location.name, location]));
  const present = threads.filter((thread) => locations.has(thread.locationName));
  if (present.length === 0) return { skipped: 'none of the locations the demo conversations belong to is in the account' };

  for (const name of new Set(present.map((thread) => thread.locationName))) {
    const location = locations.get(name)!;
    if (!location.phone) throw new Error(`${name} has no phone number: its tenants cannot text it`);
    // The address tenants e-mail, generated as a manager does from the location's channels (kept once it exists).
    if (!location.email) locations.set(name, { ...location, ...(await api.post<LocationView>(`property-location/${location.id}/email-address`, {})) });
    await waitForMessagingToKnow(api, location.id, name);
  }

  for (const thread of present) {
    const location = locations.get(thread.locationName)!;
    const data = portfolio.find((l) => l.name === thread.locationName);
    if (thread.channel === 'sms') await textIn(api, inputs, thread, location, data);
    else await mailIn(inputs, thread, location, data);
  }

  const done: string[] = [];
  const skipped: string[] = [];
  let messages = 0;
  for (const thread of present) {
    const location = locations.get(thread.locationName)!;
    const items = await itemsOf(api, location.id, thread);
    messages += items.length;
    const last = items.at(-1)!;
    for (const action of thread.actions) {
      const outcome = await act(api, thread, action, last, location.id);
      if (outcome === 'done') done.push(`${action.kind} ${thread.key}`);
      else if (outcome !== 'done before') skipped.push(`${action.kind} ${thread.key}: ${outcome}`);
    }
  }
  const bulk = await seedDemoBulkSms(api, [...locations.values()]).catch((error: unknown) => `bulk SMS: ${error instanceof Error ? error.message : String(error)}`);
  if (bulk === 'done') done.push(`bulk-sms ${demoBulkSms.locationName}`);
  else if (bulk !== 'done before') skipped.push(bulk);
  // The vendor and group conversations come last and never fail the seed: a problem there is reported as skipped.
  const conversations = await seedDemoVendorAndGroupConversations(api, inputs, [...locations.values()]).catch((error: unknown) => ({
    done: [],
    skipped: [`vendor and group conversations: ${error instanceof Error ? error.message : String(error)}`],
  }));
  done.push(...conversations.done);
  skipped.push(...conversations.skipped);
  return { messages, done, skipped };
}

/** The fixed MessageSid of a thread's n-th text: `SM` and 32 hex digits, as Twilio's are. */
export function demoMessageSid(threadKey: string, index: number): string {
  return `SM${createHash('sha256').update(`pm-demo:${threadKey}:${index}`).digest('hex').slice(0, 32)}`;
}

/** The fixed Message-ID of a thread's n-th e-mail, without its angle brackets. */
export function demoMessageId(threadKey: string, index: number): string {
  return `${threadKey}.${index}@demo.example.com`;
}

/** A US number as the provider posts it (E.164), from the demo data's "(619) 555-0101". */
export function e164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+1${digits.slice(-10)}`;
}

/**
 * Messaging keeps its own copies of the location's grants, number and address, fed by portfolio's events: a text
 * sent before the number's copy exists would be kept as unrouted. The inbox answers once the grants are there; the
 * number's copy is checked by the first text itself (see textIn).
 */
async function waitForMessagingToKnow(api: DemoApi, locationId: string, name: string): Promise<void> {
  const deadline = Date.now() + ROUTING_WAIT_MS;
  for (;;) {
    const answer = await api.attempt('GET', `conversation/inbox?location_id=${locationId}&limit=1`);
    if (answer.status === 200) return;
    if (answer.status !== 404 || Date.now() > deadline) throw new Error(`messaging's inbox of ${name} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    await sleep(250);
  }
}

async function textIn(api: DemoApi, inputs: DemoMessagingInputs, thread: DemoSmsThread, location: LocationView, data: DemoLocation | undefined): Promise<void> {
  const from = e164('tenant' in thread.from ? tenantOf(data, thread.from.tenant).phone ?? missing(thread, 'a phone number') : thread.from.unknownPhone);
  const url = `${inputs.smsWebhookBaseUrl.replace(/\/$/, '')}/sms/inbound`;
  for (const [index, body] of thread.messages.entries()) {
    const sentAt = demoSentAt(thread.key, index);
    const params = {
      MessageSid: demoMessageSid(thread.key, index),
      From: from,
      To: location.phone!,
      Body: body,
      NumMedia: '0',
      // The sandbox's signed time of sending (demo-history.data.ts): the thread's place in the demo's weeks.
      ...(sentAt ? { SandboxSentAt: sentAt.toISOString() } : {}),
    };
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': getExpectedTwilioSignature(inputs.smsSandboxSecret, url, params) },
      body: new URLSearchParams(params).toString(),
    });
    if (response.status !== 200) throw new Error(`SMS webhook answered ${response.status} ${await response.text()} for ${thread.key}`);
    // The 200 says the message is stored; it is routed a moment later: into the inbox, or kept as unrouted because
    // messaging's copy of the number was missing (a later post of the same MessageSid changes nothing).
    if (!(await eventually(() => inInbox(api, location.id, params.MessageSid)))) {
      throw new Error(`the text of ${thread.key} is not in ${location.name}'s inbox: messaging did not route ${location.phone} to it`);
    }
  }
}

/** The check's first truthy answer within a few seconds (an SMS is routed a moment after its 200), else its last. */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(100)) {
    const answer = await check();
    if (answer || Date.now() > deadline) return answer;
  }
}

async function inInbox(api: DemoApi, locationId: string, externalId: string): Promise<boolean> {
  const { items } = await api.get<{ items: InboxItemView[] }>(`conversation/inbox?location_id=${locationId}&limit=200`);
  return items.some((item) => bare(item.external_id) === externalId);
}

async function mailIn(inputs: DemoMessagingInputs, thread: DemoEmailThread, location: LocationView, data: DemoLocation | undefined): Promise<void> {
  const tenant = tenantOf(data, thread.from.tenant);
  const address = tenant.email ?? missing(thread, 'an e-mail address');
  const transport = nodemailer.createTransport({ host: inputs.smtp.host, port: inputs.smtp.port, secure: false, ignoreTLS: true });
  try {
    for (const [index, message] of thread.messages.entries()) {
      const earlier = thread.messages.slice(0, index).map((_, i) => `<${demoMessageId(thread.key, i)}>`);
      const mail = {
        from: { name: tenant.fullName, address },
        to: location.email!,
        subject: index === 0 ? thread.subject : `Re: ${thread.subject}`,
        text: message.text,
        messageId: `<${demoMessageId(thread.key, index)}>`,
        // The Date header: when the tenant sent it (demo-history.data.ts).
        date: demoSentAt(thread.key, index) ?? new Date(),
        ...(earlier.length ? { inReplyTo: earlier.at(-1)!, references: earlier } : {}),
        ...(message.attachment ? { attachments: [{ filename: message.attachment.filename, content: demoPdf(message.attachment), contentType: 'application/pdf' }] } : {}),
      };
      const deadline = Date.now() + ROUTING_WAIT_MS;
      for (;;) {
        try {
          await transport.sendMail(mail);
          break;
        } catch (error) {
          // 550 no such mailbox: messaging's copy of the address is not there yet. A sender's server retries too.
          if ((error as { responseCode?: number }).responseCode !== 550 || Date.now() > deadline) throw error;
          await sleep(500);
        }
      }
    }
  } finally {
    transport.close();
  }
}

/** The inbox items of a thread's messages, oldest first. */
async function itemsOf(api: DemoApi, locationId: string, thread: DemoThread): Promise<InboxItemView[]> {
  const { items } = await api.get<{ items: InboxItemView[] }>(`conversation/inbox?location_id=${locationId}&limit=200`);
  return thread.messages.map((_, index) => {
    const id = thread.channel === 'sms' ? demoMessageSid(thread.key, index) : demoMessageId(thread.key, index);
    const item = items.find((candidate) => bare(candidate.external_id) === id);
    if (!item) throw new Error(`message ${index + 1} of ${thread.key} is not in the inbox`);
    return item;
  });
}

type ActionOutcome = 'done' | 'done before' | string;

async function act(api: DemoApi, thread: DemoThread, action: DemoThreadAction, last: InboxItemView, locationId: string): Promise<ActionOutcome> {
  switch (action.kind) {
    case 'edit': {
      if ((await versionsOf(api, last.id)).some((version) => version.origin === 'edit')) return 'done before';
      await api.put(`message/${last.id}/draft`, { response: action.text });
      return 'done';
    }
    case 'regenerate': {
      if ((await versionsOf(api, last.id)).some((version) => version.origin === 'regenerate')) return 'done before';
      await api.attempt('POST', `message/${last.id}/draft/regenerate`, {}, { 'idempotency-key': `demo-regenerate-${thread.key}` }).then(ok);
      return 'done';
    }
    case 'reply': {
      if (last.replied_to) return 'done before';
      const path = thread.channel === 'sms' ? 'sms/send-response' : 'email/send-response';
      const answer = await api.attempt('POST', path, { sessionId: last.session_id, response: action.text }, { 'idempotency-key': `demo-reply-${thread.key}` });
      return notYetAnswered(path, answer) ?? (ok(answer), 'done');
    }
    case 'archive': {
      if (last.archived) return 'done before';
      const path = `${thread.channel === 'sms' ? 'sms' : 'email'}/${last.session_id}/archive`;
      const answer = await api.attempt('POST', path, {});
      return notYetAnswered(path, answer) ?? (ok(answer), 'done');
    }
    case 'resolve-ticket': {
      const ticket = await ticketOf(api, locationId, last.id);
      if (!ticket) return `no ticket was opened for the last message of ${thread.key} within ${ROUTING_WAIT_MS / 1000} s`;
      if (ticket.resolved) return 'done before';
      await api.attempt('POST', `ticket/${ticket.id}/resolve`, {}).then(ok);
      return 'done';
    }
  }
}

/**
 * The ticket a message opened, open or resolved. Intake triage opens it from the message's words (no model), moments
 * after the message is stored, so the seed waits for it a little.
 */
async function ticketOf(api: DemoApi, locationId: string, messageId: string): Promise<TicketView | undefined> {
  const deadline = Date.now() + ROUTING_WAIT_MS;
  for (;;) {
    for (const status of ['open', 'resolved'] as const) {
      const { items } = await api.get<{ items: TicketView[] }>(`ticket/all?location_id=${locationId}&status=${status}&limit=100`);
      const ticket = items.find((candidate) => (candidate.sms_id ?? candidate.email_id) === messageId);
      if (ticket) return ticket;
    }
    if (Date.now() > deadline) return undefined;
    await sleep(250);
  }
}

/**
 * The demo's bulk SMS (demoBulkSms) to every tenant of its location, once: sent before when Sent SMS lists a bulk send
 * with its words (an Idempotency-Key alone expires, and a seed on a later day must not text the tenants again).
 */
async function seedDemoBulkSms(api: DemoApi, locations: readonly LocationView[]): Promise<ActionOutcome> {
  const location = locations.find((l) => l.name === demoBulkSms.locationName);
  if (!location?.phone) return `bulk SMS: ${demoBulkSms.locationName} is not in the account or has no number`;
  const sent = await api.get<{ items: { purpose: string; message: string }[] }>(`sms/sent?location_id=${location.id}&filter_by=all&limit=100`);
  if (sent.items.some((item) => item.purpose === 'bulk' && item.message === demoBulkSms.message)) return 'done before';
  const tenants = await api.get<{ items: { id: string }[] }>(`tenant/location/${location.id}?limit=100`);
  await api.attempt('POST', 'sms/bulk-send', { location_id: location.id, message: demoBulkSms.message, tenantIds: tenants.items.map((tenant) => tenant.id) }, { 'idempotency-key': 'demo-bulk-sms-cedar-street' }).then(ok);
  return 'done';
}

/**
 * The reason a call is not answered by this version of the platform, or undefined: the router's 404 for a path it
 * does not serve (not the call's own "not found", which names what was missing), or 503 when no service answers
 * the contract.
 */
function notYetAnswered(path: string, answer: { status: number; body: unknown }): string | undefined {
  const message = typeof answer.body === 'object' && answer.body !== null ? String((answer.body as { message?: unknown }).message ?? '') : String(answer.body);
  if (answer.status === 503 || (answer.status === 404 && !/session not found/i.test(message))) return `POST ${path} is not answered yet (${answer.status} ${message})`;
  return undefined;
}

function ok(answer: { status: number; body: unknown }): void {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
}

async function versionsOf(api: DemoApi, messageId: string): Promise<DraftVersionView[]> {
  return (await api.get<{ versions: DraftVersionView[] }>(`message/${messageId}/draft`)).versions;
}

function tenantOf(location: DemoLocation | undefined, fullName: string): { fullName: string; phone?: string; email?: string } {
  const tenant = location?.tenants.find((t) => t.fullName === fullName);
  if (!tenant) throw new Error(`${fullName} is no tenant of ${location?.name ?? 'a demo location'}`);
  return tenant;
}

function missing(thread: DemoThread, what: string): never {
  throw new Error(`${thread.key}: the sender has no ${what} in the demo portfolio`);
}

/** An e-mail's Message-ID as stored (in angle brackets), or an SMS's MessageSid, compared without the brackets. */
function bare(externalId: string): string {
  return externalId.replace(/^<|>$/g, '');
}

/**
 * A one-page PDF printing the attachment's lines (Helvetica, standard font): a real document a mail client and a
 * PDF reader open, written by hand so the seed needs no PDF library. Offsets in the cross-reference table are counted.
 */
export function demoPdf(attachment: DemoPdfAttachment): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = ['BT', '/F1 12 Tf', '16 TL', '72 720 Td', ...attachment.lines.map((line) => `(${escape(line)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Harbor View's vendor and group conversations (issue 11, part H), entered as their people would. */
const demoConversationsLocation = 'Harbor View Apartments';
/** The demo's accepted plumbing vendor at Harbor View (demo-portfolio.data.ts): their texts open their conversation. */
const demoPlumber = { name: 'Pacific Coast Plumbing', phone: '(619) 555-0182' };
const demoPlumberText = 'Finished at unit A102: replaced the shut-off valve under the kitchen sink, no more leak. Invoice to follow.';
const demoPlumberReply = 'Thank you! Please e-mail the invoice to the office, and let us know if the other valves in that stack need the same.';
const demoGroup = {
  friendlyName: 'Roof inspection, Building A',
  // Bright Spark Electric (invited, not yet a partner) and a roofer the team works with: neither is a tenant.
  participants: ['(619) 555-0183', '(619) 555-0184'],
  message: 'The roof inspection is Thursday at 9 AM. Please meet at the Building A entrance; the super has the roof keys.',
  answer: { from: '(619) 555-0184', text: "Confirmed for Thursday at 9, I'll bring the lift." },
};

interface ConversationView {
  id: string;
  kind: 'vendor' | 'group';
  friendly_name: string;
  vendor: { full_name: string } | null;
  messages?: { items: { direction: 'inbound' | 'outbound' }[] };
}

/**
 * One vendor conversation and one group conversation at Harbor View, through the real inputs: the plumber texts the
 * location's number (signed, as the carrier posts it), which opens their vendor conversation, and the team answers
 * it; the team creates a group (`POST group`), texts it, and a participant's answer comes in by SMS and is relayed.
 * Idempotent like the threads: fixed MessageSids and Idempotency-Keys, and each step checks whether it was taken.
 */
export async function seedDemoVendorAndGroupConversations(
  api: DemoApi,
  inputs: DemoMessagingInputs,
  locations: readonly LocationView[],
): Promise<{ done: string[]; skipped: string[] }> {
  const done: string[] = [];
  const skipped: string[] = [];
  const location = locations.find((l) => l.name === demoConversationsLocation);
  if (!location?.phone) return { done, skipped: [`conversations: ${demoConversationsLocation} is not in the account or has no number`] };
  const listed = await api.attempt<{ items: ConversationView[] }>('GET', `conversation/all?location_id=${location.id}&limit=200`);
  if (listed.status !== 200) return { done, skipped: [`conversations: GET conversation/all is not answered yet (${listed.status})`] };

  // The vendor's text: messaging knows them as Harbor View's vendor from portfolio's PartnerUpdated (sent when they
  // accepted, long before this step), so it lands in their conversation rather than the tenants' inbox.
  await postDemoSms(inputs, { MessageSid: demoMessageSid('harbor-view-vendor-plumber', 0), From: e164(demoPlumber.phone), To: location.phone, Body: demoPlumberText, NumMedia: '0' });
  const vendorConversation = async () =>
    (await api.get<{ items: ConversationView[] }>(`conversation/vendor?location_id=${location.id}&limit=200`)).items.find((c) => c.vendor?.full_name === demoPlumber.name);
  const vendor = (await eventually(vendorConversation)) || undefined;
  if (!vendor) {
    skipped.push(`vendor conversation: messaging did not know ${demoPlumber.name} as a vendor when they texted (their text is in the inbox as an unknown sender)`);
  } else if (await hasOutbound(api, vendor.id)) {
    // Answered by an earlier seed.
  } else {
    await api.attempt('POST', `conversation/${vendor.id}/send`, { content: demoPlumberReply }, { 'idempotency-key': 'demo-vendor-plumber-reply' }).then(ok);
    done.push('reply vendor-plumber');
  }

  let group = listed.body.items.find((c) => c.kind === 'group' && c.friendly_name === demoGroup.friendlyName);
  if (!group) {
    const created = await api.attempt<{ conversation: ConversationView }>(
      'POST',
      'group',
      { friendlyName: demoGroup.friendlyName, propertyPhone: location.phone, participants: demoGroup.participants.map((phone) => ({ phoneNumber: e164(phone) })) },
      { 'idempotency-key': 'demo-group-roof-inspection' },
    );
    ok(created);
    group = created.body.conversation;
    done.push('create group-roof-inspection');
  }
  if (!(await hasOutbound(api, group.id))) {
    await api.attempt('POST', `conversation/${group.id}/send`, { content: demoGroup.message }, { 'idempotency-key': 'demo-group-roof-inspection-message' }).then(ok);
    done.push('send group-roof-inspection');
  }
  await postDemoSms(inputs, { MessageSid: demoMessageSid('harbor-view-group-roof', 0), From: e164(demoGroup.answer.from), To: location.phone, Body: demoGroup.answer.text, NumMedia: '0' });
  return { done, skipped };
}

async function hasOutbound(api: DemoApi, conversationId: string): Promise<boolean> {
  const conversation = await api.get<ConversationView>(`conversation/${conversationId}`);
  return (conversation.messages?.items ?? []).some((message) => message.direction === 'outbound');
}

/** One text to messaging's SMS webhook, signed as the sandbox carrier (and Twilio) signs. */
async function postDemoSms(inputs: DemoMessagingInputs, params: Record<string, string>): Promise<void> {
  const url = `${inputs.smsWebhookBaseUrl.replace(/\/$/, '')}/sms/inbound`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': getExpectedTwilioSignature(inputs.smsSandboxSecret, url, params) },
    body: new URLSearchParams(params).toString(),
  });
  if (response.status !== 200) throw new Error(`SMS webhook answered ${response.status} ${await response.text()}`);
}
