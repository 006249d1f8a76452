import { cachePaths } from '../cache-paths.ts';
import { localModelsVerified as modelsVerifiedIn } from '../components/ai-models.ts';
import { demoConversations, type DemoThread } from './demo-conversations.data.ts';
import { DEMO_EMAIL } from './seed-demo-account.ts';
import { demoMessageId, demoMessageSid } from './seed-demo-conversations.ts';

/**
 * The demo account as the platform tests read it: the platform is the one the browser journeys run on (started once
 * by the journeys' global setup, packages/testing/src/platform, which exports where it answers), signed in as the
 * demo manager through the BFF.
 */
export interface DemoAccountClient {
  /** The BFF's API root (`…/api`). */
  api: string;
  mailApiUrl: string;
  /** The demo password (the demo manager's, the partners', the resident's and the home owner's). */
  password: string;
  token: string;
  get<T>(path: string): Promise<T>;
  send(method: string, path: string, body?: unknown): Promise<void>;
}

export async function demoAccountClient(): Promise<DemoAccountClient> {
  const baseUrl = required('E2E_BASE_URL');
  const api = `${baseUrl}/api`;
  const password = required('E2E_DEMO_PASSWORD');
  const signIn = await fetch(`${api}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password }),
  });
  if (signIn.status !== 200) throw new Error(`the demo account's sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const token = ((await signIn.json()) as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}` };
  return {
    api,
    mailApiUrl: required('E2E_MAIL_API_URL'),
    password,
    token,
    async get<T>(path: string): Promise<T> {
      const response = await fetch(`${api}/${path}`, { headers });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async send(method: string, path: string, body?: unknown): Promise<void> {
      const response = await fetch(`${api}/${path}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    },
  };
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the platform tests in their jest pass (npm test), whose global setup starts the platform`);
  return value;
}

/** Whether the platform runs the local models (drafts and Terri answer for real) or reports them missing. */
export const localModelsVerified = (): boolean => modelsVerifiedIn(process.env['AI_MODELS_DIR'] ?? cachePaths().models);

export interface InboxItem {
  id: string;
  session_id: string;
  created_at: string;
  external_id: string;
  message: string;
  from: string;
  tenant: { full_name: string } | null;
  status: string;
  urgent: boolean;
  replied_to: boolean;
  archived: boolean;
  draft: { status: string; version: number } | null;
}

export interface DraftVersion {
  version: number;
  origin: 'ai' | 'regenerate' | 'edit';
  status: 'pending' | 'ready' | 'failed';
  reply: string | null;
  failure: string | null;
}

export async function inboxOf(client: DemoAccountClient, locationId: string): Promise<InboxItem[]> {
  return (await client.get<{ items: InboxItem[] }>(`conversation/inbox?location_id=${locationId}&limit=200`)).items;
}

/** A thread's messages in the inbox, oldest first, found by the fixed MessageSids / Message-IDs the seed sent. */
export function threadItems(items: InboxItem[], thread: DemoThread): InboxItem[] {
  return thread.messages.map((_, index) => {
    const id = thread.channel === 'sms' ? demoMessageSid(thread.key, index) : demoMessageId(thread.key, index);
    const item = items.find((candidate) => candidate.external_id.replace(/^<|>$/g, '') === id);
    if (!item) throw new Error(`message ${index + 1} of ${thread.key} is not in the inbox`);
    return item;
  });
}

/**
 * Every demo thread's draft versions, newest first, once none is pending (keyed by thread, and `key#index` for a
 * thread's earlier messages): the assistant drafts in the background, one at a time.
 */
export async function settledDrafts(client: DemoAccountClient): Promise<Map<string, DraftVersion[]>> {
  const locations = await client.get<{ id: string; name: string }[]>('property-location/all');
  // The model drafts one at a time, up to a minute each while the platform's start-up work, OCR and LibreOffice share
  // the two cores, and between two drafts it may take up one step of reading a demo document: the backlog of a dozen
  // drafts takes minutes.
  const deadline = Date.now() + 900_000;
  for (;;) {
    const byThread = new Map<string, DraftVersion[]>();
    for (const thread of demoConversations) {
      const location = locations.find((l) => l.name === thread.locationName)!;
      for (const [index, item] of threadItems(await inboxOf(client, location.id), thread).entries()) {
        const { versions } = await client.get<{ versions: DraftVersion[] }>(`message/${item.id}/draft`);
        if (index === thread.messages.length - 1) byThread.set(thread.key, versions);
        else byThread.set(`${thread.key}#${index}`, versions);
      }
    }
    if (![...byThread.values()].some((versions) => versions.some((version) => version.status === 'pending'))) return byThread;
    if (Date.now() > deadline) throw new Error(`drafts still pending: ${[...byThread].filter(([, v]) => v.some((x) => x.status === 'pending')).map(([k]) => k).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}
