import { contexts, type Context } from './define.js';

export interface StreamDefinition {
  readonly name: string;
  readonly subjects: readonly string[];
}

/** One stream per bounded context; stream names are public API like subjects. */
export const contextStreams: Readonly<Record<Context, StreamDefinition>> = Object.freeze(
  Object.fromEntries(
    contexts.map((context) => [context, { name: `PM_${context.toUpperCase()}`, subjects: [`pm.${context}.>`] }]),
  ) as unknown as Record<Context, StreamDefinition>,
);

/** Events that failed their schema or exhausted their retries, kept for inspection and replay. */
export const deadLetterStream: StreamDefinition = Object.freeze({ name: 'PM_DEAD_LETTER', subjects: ['pm.dlq.>'] });

export const allStreams: readonly StreamDefinition[] = [...Object.values(contextStreams), deadLetterStream];

/** `pm.portfolio.tenant.created.v1` → `pm.dlq.portfolio.tenant.created.v1`. */
export function deadLetterSubjectOf(subject: string): string {
  if (!subject.startsWith('pm.')) throw new Error(`Not a platform subject: ${subject}`);
  return `pm.dlq.${subject.slice('pm.'.length)}`;
}

/** The stream whose subjects capture `subject`, if any (NATS `>` and `*` wildcards). */
export function streamCapturing(subject: string): StreamDefinition | undefined {
  return allStreams.find((stream) => stream.subjects.some((filter) => subjectMatches(filter, subject)));
}

export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (f[i] !== '*' && f[i] !== s[i]) return false;
  }
  return f.length === s.length;
}
