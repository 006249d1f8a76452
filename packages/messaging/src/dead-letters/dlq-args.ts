import type { DeadLetterSelection } from './dead-letter-store.js';

export type DlqCommand = { kind: 'list'; subject?: string } | { kind: 'replay'; selection: DeadLetterSelection } | { kind: 'help' };

export const dlqUsage = `Usage: npm run dlq -- <command>   (NATS_URL, default nats://127.0.0.1:4222)

  list [--subject <subject>]   list dead letters: sequence, time, subject, consumer, event id, reason
  replay <seq>                 replay one dead letter to its original subject, for the consumer that dead-lettered it
  replay --subject <subject>   replay every dead letter of a subject
  replay --all                 replay every dead letter

<subject> is the event's subject (pm.portfolio.tenant.created.v1, wildcards allowed: pm.portfolio.>) or its
dead-letter subject (pm.dlq....). A replayed dead letter is removed from the dead-letter stream.`;

export class DlqUsageError extends Error {}

/** Parses the CLI's arguments; throws DlqUsageError with what is wrong. */
export function parseDlqArgs(argv: readonly string[]): DlqCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { kind: 'help' };
  if (command === 'list') {
    if (rest.length === 0) return { kind: 'list' };
    return { kind: 'list', subject: subjectOption(rest) };
  }
  if (command === 'replay') {
    if (rest.length === 1 && rest[0] === '--all') return { kind: 'replay', selection: { all: true } };
    if (rest[0] === '--subject') return { kind: 'replay', selection: { subject: subjectOption(rest) } };
    if (rest.length === 1 && /^[1-9]\d*$/.test(rest[0]!)) return { kind: 'replay', selection: { seq: Number(rest[0]) } };
    throw new DlqUsageError('replay takes a dead-letter sequence number, --subject <subject> or --all');
  }
  throw new DlqUsageError(`Unknown command "${command}"`);
}

function subjectOption(rest: readonly string[]): string {
  const [flag, subject, ...extra] = rest;
  if (flag !== '--subject' || !subject || extra.length > 0) throw new DlqUsageError('expected --subject <subject>');
  if (!/^pm\.[A-Za-z0-9_.*>-]+$/.test(subject)) throw new DlqUsageError(`"${subject}" is not a platform subject (pm.…)`);
  return subject;
}
