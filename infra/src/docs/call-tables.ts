import * as contracts from '@pm/contracts';
import { eventRegistry, hasBody, pathParamsOf, rpcRegistry, streamRegistry, type EventContract, type RpcContract, type StreamContract } from '@pm/contracts';

/**
 * docs/calls.md: every request, stream and event of the contract registry, per context, written from the contracts
 * themselves so the list cannot drift from the code; and the call tables of the READMEs, each the calls a README
 * names between `<!-- calls: Name, … -->` and `<!-- /calls -->`, where its prose talks about them. docs.spec.ts fails
 * when a committed file differs from what this writes; `node infra/src/docs/write-call-tables.ts` (after
 * `npx turbo run build`) writes them again.
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

/** A table cell holding text that may contain `|` (in code spans too, which GitHub's tables also split on). */
const cell = (text: string): string => text.replace(/\|/g, '\\|');

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
    'it needs on the resource\'s location, from its contract\'s `access`, or "caller\'s own"); "what" is the contract\'s',
    '`description`, shown again in the service\'s README beside the prose about the call and in the OpenAPI document.',
  ];
  for (const context of contexts) {
    lines.push('', `## ${context}`);
    const ownRequests = requests.filter(({ contract }) => contract.context === context).sort(byCall);
    if (ownRequests.length > 0) {
      lines.push('', '| call | contract | subject | notes | what |', '|---|---|---|---|---|');
      for (const { name, contract } of ownRequests) {
        lines.push(`| ${callOf(contract)} | \`${name}\` | \`${contract.subject}\` | ${notesOf(contract)} | ${cell(contract.description ?? '')} |`.replaceAll('|  |', '| |'));
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

/** Opens a README's generated call table: the contracts' names as `@pm/contracts` exports them, in the table's order. */
const CALLS_BLOCK = /(<!-- calls: ([^>]*?) -->\n)[\s\S]*?(<!-- \/calls -->)/g;

/** A README with each of its `<!-- calls: … -->` blocks written again from the contracts it names. */
export function withCallTables(text: string): string {
  return text.replace(CALLS_BLOCK, (_block, open: string, list: string, close: string) => {
    const names = list.split(',').map((name) => name.trim()).filter((name) => name !== '');
    return `${open}\n${readmeCallTable(names)}\n\n${close}`;
  });
}

export function hasCallTables(text: string): boolean {
  return new RegExp(CALLS_BLOCK.source).test(text);
}

function requestNamed(name: string): RpcContract {
  const value = (contracts as Record<string, unknown>)[name];
  if (typeof value !== 'object' || value === null || (value as { kind?: unknown }).kind !== 'rpc') {
    throw new Error(`A <!-- calls: --> block names ${name}, which @pm/contracts does not export as a request contract`);
  }
  return value as RpcContract;
}

/** Who may make a call, as the README tables' permission column says it. */
function permissionOf(contract: RpcContract): string {
  if (contract.access) return contract.access === 'caller' ? "the caller's own" : `\`${contract.access}\``;
  return contract.http?.auth === 'public' ? 'public' : 'any session';
}

type ZodDef = { type?: string; innerType?: unknown; in?: unknown; entries?: Record<string, string> };
const defOf = (schema: unknown): ZodDef => (schema as { _zod?: { def?: ZodDef } })._zod?.def ?? {};

/** The values an enum field takes (through optional, default and the like), to show them in a query string. */
function enumValuesOf(schema: unknown): string[] {
  let def = defOf(schema);
  for (let depth = 0; depth < 5 && def.type !== 'enum'; depth++) {
    const inner = def.innerType ?? def.in;
    if (inner === undefined) return [];
    def = defOf(inner);
  }
  // A query choice also takes '' (the web's "any"), which reads as leaving the field out.
  return def.type === 'enum' ? Object.values(def.entries ?? {}).filter((value) => value !== '') : [];
}

/** The call as a README shows it: method and path (`{name}` parameters), then its query string, JSON body or form fields. */
function readmeCallOf(contract: RpcContract): { call: string; fields: string } {
  const http = contract.http;
  if (!http) return { call: `not over HTTP (\`${contract.subject}\`)`, fields: '' };
  const call = `${http.method} ${http.path.replace(/:([a-zA-Z0-9_]+)/g, '{$1}')}`;
  const params = new Set(pathParamsOf(http.path));
  const shape = (contract.request as { shape?: Record<string, { safeParse: (value: unknown) => { success: boolean } }> }).shape ?? {};
  const fields = Object.entries(shape).filter(([name]) => !params.has(name));
  if (fields.length === 0) return { call, fields: '' };
  if (!hasBody(http)) return { call, fields: `?${fields.map(([name, schema]) => `${name}=${enumValuesOf(schema).join('\\|')}`).join('&')}` };
  if (http.multipart) {
    const files = http.multipart.field;
    const named = fields.map(([name]) => name).filter((name) => name !== files).map((name) => `\`${name}\``);
    return { call, fields: `(form: ${[...named, `files as \`${files}\``].join(', ')})` };
  }
  return { call, fields: `\`{ ${fields.map(([name, schema]) => (schema.safeParse(undefined).success ? `${name}?` : name)).join(', ')} }\`` };
}

/** A row's calls, their fields written once after them when they take the same (`GET sms/sent`, `GET email/sent` `?…`). */
function callsCell(calls: readonly { call: string; fields: string }[]): string {
  const inline = ({ call, fields }: { call: string; fields: string }): string =>
    fields.startsWith('?') ? `\`${call}${fields}\`` : fields === '' ? `\`${call}\`` : `\`${call}\` ${fields}`;
  const shared = calls.every(({ fields }) => fields === calls[0]!.fields) ? calls[0]!.fields : undefined;
  if (calls.length === 1 || shared === undefined || shared === '') return calls.map(inline).join(', ');
  return `${calls.map(({ call }) => `\`${call}\``).join(', ')} ${shared.startsWith('?') ? `\`${shared}\`` : shared}`;
}

/** One row per call, calls in a row together when their permission and description are the same (an SMS and an e-mail twin). */
function readmeCallTable(names: readonly string[]): string {
  const rows: { calls: { call: string; fields: string }[]; permission: string; what: string }[] = [];
  for (const name of names) {
    const contract = requestNamed(name);
    const permission = permissionOf(contract);
    const what = cell(contract.description ?? '');
    const last = rows.at(-1);
    if (last && last.permission === permission && last.what === what && what !== '') last.calls.push(readmeCallOf(contract));
    else rows.push({ calls: [readmeCallOf(contract)], permission, what });
  }
  return ['| call | permission | what |', '|---|---|---|', ...rows.map((row) => `| ${callsCell(row.calls)} | ${row.permission} | ${row.what} |`)].join('\n');
}
