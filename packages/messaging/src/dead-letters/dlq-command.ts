import type { NatsConnection } from '@nats-io/nats-core';
import { DeadLetterNotFound, DeadLetterStore, type DeadLetterEntry } from './dead-letter-store.js';
import { dlqUsage, DlqUsageError, parseDlqArgs } from './dlq-args.js';

export interface DlqIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one `dlq` command; returns the process exit code (2: bad arguments, 1: nothing matched). */
export async function runDlqCommand(argv: readonly string[], connect: () => Promise<NatsConnection>, io: DlqIo): Promise<number> {
  let command;
  try {
    command = parseDlqArgs(argv);
  } catch (error) {
    if (!(error instanceof DlqUsageError)) throw error;
    io.err(`${error.message}\n\n${dlqUsage}`);
    return 2;
  }
  if (command.kind === 'help') {
    io.out(dlqUsage);
    return 0;
  }
  const nc = await connect();
  try {
    const store = new DeadLetterStore(nc);
    if (command.kind === 'list') {
      const entries = await store.list(command.subject ? { subject: command.subject } : {});
      io.out(['SEQ', 'TIME', 'SUBJECT', 'CONSUMER', 'EVENT ID', 'REASON'].join('\t'));
      for (const entry of entries) io.out(formatEntry(entry));
      io.out(`${entries.length} dead letter${entries.length === 1 ? '' : 's'}`);
      return 0;
    }
    const replayed = await store.replay(command.selection);
    for (const { entry, replaySeq } of replayed) {
      io.out(`replayed ${entry.seq} → ${entry.subject} (stream seq ${replaySeq}) for ${entry.consumer || 'every consumer'}, event ${entry.eventId ?? '-'}`);
    }
    io.out(`${replayed.length} replayed`);
    return replayed.length > 0 ? 0 : 1;
  } catch (error) {
    if (!(error instanceof DeadLetterNotFound)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await nc.close();
  }
}

function formatEntry(entry: DeadLetterEntry): string {
  return [entry.seq, entry.time.toISOString(), entry.subject, entry.consumer || '-', entry.eventId ?? '-', entry.reason].join('\t');
}
