// Everything the sandbox knows. In memory, and with a data directory also in <dataDir>/paddle-sandbox.json, written
// shortly after each change (a temporary file renamed over the old one) and read back at start.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as W from '../wire/objects.js';

/** Rows in creation order; ids are looked up directly. */
export class Table<T extends { id: string }> {
  private rows: T[] = [];
  private readonly byId = new Map<string, T>();

  add(row: T): T {
    this.rows.push(row);
    this.byId.set(row.id, row);
    return row;
  }

  find(id: string): T | undefined {
    return this.byId.get(id);
  }

  all(): readonly T[] {
    return this.rows;
  }

  replaceAll(rows: T[]): void {
    this.rows = [...rows];
    this.byId.clear();
    for (const row of rows) this.byId.set(row.id, row);
  }
}

export type JobKind = 'period_end';

export interface Job {
  kind: JobKind;
  ref: string;
  dueAtMs: number;
}

/** What the sandbox keeps about a subscription beside its wire object. */
export interface SubscriptionInternals {
  /** Where periods are counted from (the first billing date), and how many have started since. */
  anchor: string;
  periods: number;
  paymentMethodId: string;
  /** The token in its management URLs. */
  token: string;
  /** The renewal that failed, while the subscription is past due. */
  pastDueTransactionId: string | null;
}

/** What a transaction does once paid, beside its wire object. */
export type TransactionPurpose =
  | { kind: 'checkout' }
  | { kind: 'payment_method_change'; subscriptionId: string }
  | { kind: 'renewal' | 'update'; subscriptionId: string };

interface Internal {
  jobs: Job[];
  clockOffsetMs: number;
  subscriptions: Record<string, SubscriptionInternals>;
  purposes: Record<string, TransactionPurpose>;
  invoiceSequence: number;
}

const emptyInternal = (): Internal => ({ jobs: [], clockOffsetMs: 0, subscriptions: {}, purposes: {}, invoiceSequence: 0 });

export class Store {
  readonly products = new Table<W.ProductObject>();
  readonly prices = new Table<W.PriceObject>();
  readonly customers = new Table<W.CustomerObject>();
  readonly addresses = new Table<W.AddressObject>();
  readonly paymentMethods = new Table<W.PaymentMethodRecord>();
  readonly transactions = new Table<W.TransactionObject>();
  readonly subscriptions = new Table<W.SubscriptionObject>();
  readonly events = new Table<W.EventRecord & { id: string }>();
  internal: Internal = emptyInternal();
  /** Copies state kept elsewhere (the clock's offset) into `internal` before a write. */
  beforeSave: () => void = () => {};
  private timer: NodeJS.Timeout | undefined;

  private constructor(private readonly file: string | null) {}

  static open(dataDir: string | undefined): Store {
    if (!dataDir) return new Store(null);
    mkdirSync(dataDir, { recursive: true });
    const store = new Store(join(dataDir, 'paddle-sandbox.json'));
    store.load();
    return store;
  }

  /** Whether the state came from a data directory (the catalog is then not seeded again). */
  get restored(): boolean {
    return this.products.all().length > 0;
  }

  private tables() {
    return {
      products: this.products,
      prices: this.prices,
      customers: this.customers,
      addresses: this.addresses,
      paymentMethods: this.paymentMethods,
      transactions: this.transactions,
      subscriptions: this.subscriptions,
      events: this.events,
    } as Record<string, Table<{ id: string }>>;
  }

  changed(): void {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => this.save(), 50);
    this.timer.unref();
  }

  save(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.file) return;
    this.beforeSave();
    const tables = Object.fromEntries(Object.entries(this.tables()).map(([name, table]) => [name, table.all()]));
    writeFileSync(`${this.file}.tmp`, JSON.stringify({ version: 1, tables, internal: this.internal }));
    renameSync(`${this.file}.tmp`, this.file);
  }

  private load(): void {
    let text: string;
    try {
      text = readFileSync(this.file!, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const snapshot = JSON.parse(text) as { tables: Record<string, { id: string }[]>; internal: Partial<Internal> };
    for (const [name, table] of Object.entries(this.tables())) table.replaceAll(snapshot.tables[name] ?? []);
    this.internal = { ...emptyInternal(), ...snapshot.internal };
  }
}
