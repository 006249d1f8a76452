import type { DemoApi } from './demo-api.ts';
import { DEMO_CALL_GOODBYE, type DemoCall, demoCalls } from './demo-calls.data.ts';
import { type DemoLocation, demoPortfolio } from './demo-portfolio.data.ts';
import { e164 } from './seed-demo-conversations.ts';

export type DemoCallsResult = { placed: string[]; kept: string[] } | { skipped: string };

interface LocationView {
  id: string;
  name: string;
  phone: string | null;
}

interface CallView {
  from: string;
  status: string;
  turns: { transcript: string }[];
}

/**
 * The demo's inbound calls (demo-calls.data.ts), placed through the sandbox phone (`POST sandbox/phone/call`): the
 * BFF's call posts the signed voice webhooks exactly as Twilio does, so each call is routed by the number it rang,
 * matched to the tenant whose phone called, answered by the assistant, logged under Inbound Calls with its
 * transcript and, once the caller says goodbye, completed with its duration. Run after the conversations (the
 * locations' numbers are known to messaging by then).
 *
 * Idempotent: a call is placed again only if the location's Inbound Calls hold no call from that phone that began
 * with the same sentence (an Idempotency-Key would not do: keys last 24 hours, a demo account longer).
 */
export async function seedDemoCalls(api: DemoApi, calls: readonly DemoCall[] = demoCalls, portfolio: readonly DemoLocation[] = demoPortfolio): Promise<DemoCallsResult> {
  const locations = new Map((await api.get<LocationView[]>('property-location/all')).map((location) => [location.name, location]));
  const present = calls.filter((call) => locations.has(call.locationName));
  if (present.length === 0) return { skipped: 'none of the locations the demo calls belong to is in the account' };

  const placed: string[] = [];
  const kept: string[] = [];
  for (const call of present) {
    const location = locations.get(call.locationName)!;
    if (!location.phone) throw new Error(`${location.name} has no phone number: nobody can call it`);
    const from = callerPhone(call, portfolio);
    if (await placedBefore(api, location.id, from, call.speech[0]!)) {
      kept.push(call.key);
      continue;
    }
    let callSid: string | undefined;
    for (const speech of [...call.speech, DEMO_CALL_GOODBYE]) {
      const answer = await api.post<{ call_sid: string; ended: boolean }>('sandbox/phone/call', { to: location.phone, from, speech, ...(callSid ? { call_sid: callSid } : {}) });
      callSid = answer.call_sid;
      if (answer.ended) break;
    }
    placed.push(call.key);
  }
  return { placed, kept };
}

function callerPhone(call: DemoCall, portfolio: readonly DemoLocation[]): string {
  if ('unknownPhone' in call.from) return e164(call.from.unknownPhone);
  const name = call.from.tenant;
  const tenant = portfolio.find((location) => location.name === call.locationName)?.tenants.find((t) => t.fullName === name);
  if (!tenant?.phone) throw new Error(`${call.key}: ${name} is no tenant with a phone at ${call.locationName}`);
  return e164(tenant.phone);
}

async function placedBefore(api: DemoApi, locationId: string, from: string, firstSentence: string): Promise<boolean> {
  const { items } = await api.get<{ items: CallView[] }>(`inbound-call/all?location_id=${locationId}&limit=200`);
  return items.some((call) => call.from === from && call.turns[0]?.transcript === firstSentence);
}
