import { ChangeSetType, type EventSubscriber, type FlushEventArgs, type TransactionEventArgs, type UnitOfWork } from '@mikro-orm/core';
import { OutboxMessage } from './outbox-message.entity.js';

/**
 * Wakes the outbox relay once a commit has stored outbox rows, and only then. Waking it after every commit made the
 * relay wake itself: its own pass ends in a commit, so it never slept and spun `begin; select … for update skip
 * locked; commit` back to back, a CPU core's worth of the service and of PostgreSQL with nothing to relay.
 *
 * A flush inside an explicit transaction (`em.transactional`) runs before the commit: the transaction is remembered
 * and the wake-up waits for its commit, so the relay never looks before the rows are visible. A flush on its own
 * commits its implicit transaction before `afterFlush`, so it wakes at once.
 */
export class OutboxWrittenSubscriber implements EventSubscriber {
  private readonly pendingCommits = new WeakSet<object>();

  constructor(private readonly wake: () => void) {}

  afterFlush({ em, uow }: FlushEventArgs): void {
    if (!wroteOutbox(uow)) return;
    const transaction = em.isInTransaction() ? em.getTransactionContext() : undefined;
    if (transaction) this.pendingCommits.add(transaction);
    else this.wake();
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (transaction && this.pendingCommits.has(transaction)) this.wake();
  }
}

function wroteOutbox(uow: UnitOfWork): boolean {
  for (const changeSet of uow.getChangeSets()) {
    if (changeSet.type === ChangeSetType.CREATE && changeSet.entity instanceof OutboxMessage) return true;
  }
  return false;
}
