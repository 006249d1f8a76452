import { type z } from 'zod';

/** Bounded contexts own one JetStream stream each; subjects start with `pm.<context>.`. */
export const contexts = [
  'identity',
  'portfolio',
  'messaging',
  'vault',
  'calendar',
  'payments',
  'leasing',
  'community',
  'assistant',
] as const;
export type Context = (typeof contexts)[number];

const eventSubjectPattern = /^pm\.([a-z]+)\.([a-z][a-z0-9-]*)\.([a-z][a-z0-9-]*)\.v([1-9][0-9]*)$/;
const rpcSubjectPattern = /^pm\.rpc\.([a-z]+)\.([a-z][a-z0-9-]*)\.([a-z][a-z0-9-]*)\.v([1-9][0-9]*)$/;

export interface EventContract<Subject extends string = string, Data extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly subject: Subject;
  readonly context: Context;
  /** `<context>.<aggregate>.<event>`, the subject without prefix and version. */
  readonly type: string;
  readonly version: number;
  readonly data: Data;
  /** A valid payload, used by the registry test and by documentation. */
  readonly fixture: z.input<Data>;
}

export interface RpcContract<
  Subject extends string = string,
  Request extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  readonly kind: 'rpc';
  readonly subject: Subject;
  readonly context: Context;
  readonly request: Request;
  readonly response: Response;
  readonly fixture: { request: z.input<Request>; response: z.input<Response> };
}

function contextOf(subject: string, match: RegExpExecArray | null, pattern: string): { context: Context; version: number } {
  if (!match) throw new Error(`Subject "${subject}" does not follow ${pattern}`);
  const context = match[1] as Context;
  if (!contexts.includes(context)) throw new Error(`Subject "${subject}" names an unknown context "${match[1]}"`);
  return { context, version: Number(match[4]) };
}

export function defineEvent<const Subject extends string, Data extends z.ZodType>(definition: {
  subject: Subject;
  data: Data;
  fixture: z.input<Data>;
}): EventContract<Subject, Data> {
  const { context, version } = contextOf(
    definition.subject,
    eventSubjectPattern.exec(definition.subject),
    'pm.<context>.<aggregate>.<event>.v<N>',
  );
  const type = definition.subject.slice('pm.'.length).replace(/\.v[0-9]+$/, '');
  return Object.freeze({ kind: 'event', context, type, version, ...definition });
}

export function defineRpc<const Subject extends string, Request extends z.ZodType, Response extends z.ZodType>(definition: {
  subject: Subject;
  request: Request;
  response: Response;
  fixture: { request: z.input<Request>; response: z.input<Response> };
}): RpcContract<Subject, Request, Response> {
  const { context } = contextOf(
    definition.subject,
    rpcSubjectPattern.exec(definition.subject),
    'pm.rpc.<context>.<aggregate>.<verb>.v<N>',
  );
  return Object.freeze({ kind: 'rpc', context, ...definition });
}

export type DataOf<C extends EventContract> = z.output<C['data']>;
export type RequestOf<C extends RpcContract> = z.output<C['request']>;
export type ResponseOf<C extends RpcContract> = z.output<C['response']>;
