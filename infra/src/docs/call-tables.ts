import * as contracts from '@pm/contracts';
import { eventRegistry, rpcRegistry, streamRegistry, type EventContract, type RpcContract, type StreamContract } from '@pm/contracts';

/**
 * docs/calls.md: every request, stream and event of the contract registry, per context, written from the contracts
 * themselves so the list cannot drift from the code. docs.spec.ts fails when the committed file differs from what this
 * writes; `node infra/src/docs/write-call-tables.ts` (after `npx turbo run build`) writes it again.
 */

export const CALLS_DOC = 'docs/calls.md';
export const WRITE_CALLS_COMMAND = 'npx turbo run build --output-logs=errors-only && node infra/src/docs/write-call-tables.ts';

type Named<T> = { name: string; contract: T };

/** The name each contract is exported under from @pm/contracts (the first in alphabetical order if several). */
function namesOf(): Map<unknown, string> {
  const names = new Map<unknown, string>();
  for (const [name, value] of Object.entries(contracts).sort(([a], [b]) => a.localeCompare(b))) {
    if (typeof value === 'object' && value !== null && 'kind' in value && !names.has(value)) names.set(value, name);
  }
  return names;
}

function named<T>(list: readonly T[], names: Map<unknown, string>): Named<T>[] {
  return list.map((contract) => ({ name: names.get(contract) ?? '(not exported)', contract }));
}

function callOf(contract: RpcContract): string {
  return contract.http ? `\`${contract.http.method} ${contract.http.path}\`` : 'not over HTTP';
}

function notesOf(contract: RpcContract): string {
  const notes: string[] = [];
  const http = contract.http;
  // Who may make it, from the contract (the access matrix): a permission on the resource's location, or the caller's own.
  if (contract.access) notes.push(contract.access === 'caller' ? "caller's own" : `\`${contract.access}\``);
  if (http?.status !== undefined && http.status !== 200) notes.push(String(http.status));
  if (http?.auth === 'public') notes.push('public');
  if (http?.idempotent || contract.idempotent) notes.push('Idempotency-Key');
  if (http?.multipart) notes.push(`form with files (\`${http.multipart.field}\`)`);
  const errors = Object.keys(contract.errors ?? {});
  if (errors.length > 0) notes.push(`errors ${errors.join(', ')}`);
  return notes.join('; ');
}

const sortKey = ({ contract }: Named<RpcContract>): string =>
  contract.http ? `0 ${contract.http.path} ${contract.http.method}` : `1 ${contract.subject}`;
const byCall = (a: Named<RpcContract>, b: Named<RpcContract>): number => {
  const [left, right] = [sortKey(a), sortKey(b)];
  return left < right ? -1 : left > right ? 1 : 0;
};

/** The whole of docs/calls.md. */
export function callTablesMarkdown(): string {
  const names = namesOf();
  const requests = named<RpcContract>(rpcRegistry, names);
  const events = named<EventContract>(eventRegistry, names);
  const streams = named<StreamContract>(streamRegistry, names);
  const contexts = [...new Set([...rpcRegistry, ...eventRegistry].map((contract) => contract.context))];
  const lines = [
    '# Calls, streams and events',
    '',
    'Every request, stream and event of the contract registry (`@pm/contracts`), per context. This file is generated',
    '(`infra/src/docs/call-tables.ts`) and `infra/src/docs/docs.spec.ts` fails when it is stale; to write it again:',
    '',
    '```sh',
    WRITE_CALLS_COMMAND,
    '```',
    '',
    'HTTP calls are under `/api` on the BFF (`:name` is a path parameter); a request "not over HTTP" is called by',
    'services or by a hand-written BFF route. The notes say who may make a call that names a resource (the permission',
    'it needs on the resource\'s location, from its contract\'s `access`, or "caller\'s own"); how each call behaves is in',
    'its service\'s README.',
  ];
  for (const context of contexts) {
    lines.push('', `## ${context}`);
    const ownRequests = requests.filter(({ contract }) => contract.context === context).sort(byCall);
    if (ownRequests.length > 0) {
      lines.push('', '| call | contract | subject | notes |', '|---|---|---|---|');
      for (const { name, contract } of ownRequests) {
        lines.push(`| ${callOf(contract)} | \`${name}\` | \`${contract.subject}\` | ${notesOf(contract)} |`.replace('|  |', '| |'));
      }
    }
    const ownStreams = streams.filter(({ contract }) => contract.context === context).sort((a, b) => a.contract.path.localeCompare(b.contract.path));
    if (ownStreams.length > 0) {
      lines.push('', '| stream (server-sent events) | contract | event name |', '|---|---|---|');
      for (const { name, contract } of ownStreams) lines.push(`| \`GET ${contract.path}\` | \`${name}\` | \`${contract.eventName}\` |`);
    }
    const ownEvents = events.filter(({ contract }) => contract.context === context).sort((a, b) => a.contract.subject.localeCompare(b.contract.subject));
    if (ownEvents.length > 0) {
      lines.push('', '| event | contract |', '|---|---|');
      for (const { name, contract } of ownEvents) lines.push(`| \`${contract.subject}\` | \`${name}\` |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
