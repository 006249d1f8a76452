// Everything the sandbox knows, in memory, optionally written to <dataDir>/stripe-sandbox.json after each change
// (atomically: a temporary file renamed over the old one) and read back at start, so a restart keeps its accounts.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { noSuchResource } from '../http/stripe-error.js';
import type * as W from '../wire/objects.js';

/** The connected account an object lives on (requests made with `Stripe-Account`), or null for the platform. */
export type Owner = string | null;

interface Row<T> {
  data: T;
  owner: Owner;
  seq: number;
}

export class Table<T extends { id: string }> {
  readonly rows = new Map<string, Row<T>>();

  constructor(
    readonly objectName: string,
    private readonly nextSeq: () => number,
  ) {}

  insert(data: T, owner: Owner): T {
    this.rows.set(data.id, { data, owner, seq: this.nextSeq() });
    return data;
  }

  find(id: string): T | undefined {
    return this.rows.get(id)?.data;
  }

  ownerOf(id: string): Owner {
    return this.rows.get(id)?.owner ?? null;
  }

  /** The object as seen by a request on `owner`: objects of another account are missing, as on Stripe. */
  get(id: string, owner: Owner, param?: string): T {
    const row = this.rows.get(id);
    if (!row || row.owner !== owner) throw noSuchResource(this.objectName, id, param);
    return row.data;
  }

  /** Newest first, as Stripe lists. */
  list(owner: Owner | 'any', filter: (item: T) => boolean = () => true): T[] {
    return [...this.rows.values()]
      .filter((row) => (owner === 'any' || row.owner === owner) && filter(row.data))
      .sort((a, b) => b.seq - a.seq)
      .map((row) => row.data);
  }

  dump(): Row<T>[] {
    return [...this.rows.values()];
  }

  load(rows: Row<T>[]): void {
    this.rows.clear();
    for (const row of rows) this.rows.set(row.data.id, row);
  }
}

/** How a test card or bank account behaves when charged (see payments/test-instruments.ts). */
export interface InstrumentBehaviour {
  /** Declines at once (cards), with Stripe's code, decline code and message. */
  decline?: { code: string; declineCode?: string; message: string };
  /** Attaches and saves fine, but every charge on it is declined (card 4000 0000 0000 0341). */
  declineCharges?: boolean;
  /** ACH: the debit fails when it would settle, with this failure code. */
  achFailure?: { code: string; message: string; returnCode: string };
}

export interface PaymentPurpose {
  checkoutSession?: string;
  invoice?: string;
}

export interface AccountLinkRecord {
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  used: boolean;
}

export interface IdempotencyRecord {
  fingerprint: string;
  status: number;
  body: string;
  createdMs: number;
}

export interface Job {
  id: string;
  kind: JobKind;
  ref: string;
  dueAtMs: number;
}

export type JobKind = 'ach_settle' | 'subscription_period_end' | 'checkout_expire';

export interface RuntimeWebhookEndpoint {
  object: W.WebhookEndpointObject;
  secret: string;
  connect: boolean;
}

interface Internal {
  behaviours: Record<string, InstrumentBehaviour>;
  purposes: Record<string, PaymentPurpose>;
  checkoutLineItems: Record<string, W.CheckoutLineItemObject[]>;
  checkoutOptions: Record<string, CheckoutOptions>;
  accountLinks: Record<string, AccountLinkRecord>;
  loginLinks: Record<string, string>;
  idempotency: Record<string, IdempotencyRecord>;
  jobs: Job[];
  clockOffsetMs: number;
  invoiceSequence: number;
}

/** What a Checkout Session will do once paid, kept beside its wire object (Stripe does not echo these). */
export interface CheckoutOptions {
  paymentIntentData?: {
    applicationFeeAmount?: number;
    transferDestination?: string;
    transferAmount?: number;
    metadata: Record<string, string>;
    description?: string;
    setupFutureUsage?: 'off_session' | 'on_session';
    onBehalfOf?: string;
  };
  subscriptionData?: {
    metadata: Record<string, string>;
    transferDestination?: string;
    transferAmountPercent?: number;
    applicationFeePercent?: number;
    billingCycleAnchor?: number;
    prorationBehavior: 'create_prorations' | 'none';
    trialEnd?: number;
    description?: string;
  };
  setupIntentData?: { metadata: Record<string, string>; description?: string };
}

export class Store {
  private seq = 0;
  private readonly next = () => ++this.seq;
  readonly accounts = new Table<W.AccountObject>('account', this.next);
  readonly customers = new Table<W.CustomerObject>('customer', this.next);
  readonly paymentMethods = new Table<W.PaymentMethodObject>('payment_method', this.next);
  readonly paymentIntents = new Table<W.PaymentIntentObject>('payment_intent', this.next);
  readonly charges = new Table<W.ChargeObject>('charge', this.next);
  readonly refunds = new Table<W.RefundObject>('refund', this.next);
  readonly products = new Table<W.ProductObject>('product', this.next);
  readonly prices = new Table<W.PriceObject>('price', this.next);
  readonly checkoutSessions = new Table<W.CheckoutSessionObject>('checkout.session', this.next);
  readonly setupIntents = new Table<W.SetupIntentObject>('setup_intent', this.next);
  readonly subscriptions = new Table<W.SubscriptionObject>('subscription', this.next);
  readonly invoices = new Table<W.InvoiceObject>('invoice', this.next);
  readonly events = new Table<W.EventObject>('event', this.next);
  readonly webhookEndpoints = new Map<string, RuntimeWebhookEndpoint>();
  internal: Internal = emptyInternal();

  /** Called before each write, to copy state kept elsewhere (the clock's offset) into `internal`. */
  beforeSave: () => void = () => {};
  private saveTimer: NodeJS.Timeout | undefined;

  constructor(private readonly file: string | null) {}

  static open(dataDir: string | undefined): Store {
    if (!dataDir) return new Store(null);
    mkdirSync(dataDir, { recursive: true });
    const store = new Store(join(dataDir, 'stripe-sandbox.json'));
    store.load();
    return store;
  }

  private tables(): Record<string, Table<{ id: string }>> {
    return {
      accounts: this.accounts,
      customers: this.customers,
      paymentMethods: this.paymentMethods,
      paymentIntents: this.paymentIntents,
      charges: this.charges,
      refunds: this.refunds,
      products: this.products,
      prices: this.prices,
      checkoutSessions: this.checkoutSessions,
      setupIntents: this.setupIntents,
      subscriptions: this.subscriptions,
      invoices: this.invoices,
      events: this.events,
    } as unknown as Record<string, Table<{ id: string }>>;
  }

  /** Looks an id up in whichever table its prefix names (used by `expand[]`). */
  findAny(id: string): { data: W.WireObject; owner: Owner } | undefined {
    for (const table of Object.values(this.tables())) {
      const data = table.find(id);
      if (data) return { data: data as unknown as W.WireObject, owner: table.ownerOf(id) };
    }
    return undefined;
  }

  /** Schedules a write of the state file (a no-op without a data directory). */
  changed(): void {
    if (!this.file || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.save();
    }, 50);
    this.saveTimer.unref();
  }

  save(): void {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
    }
    if (!this.file) return;
    this.beforeSave();
    const tables: Record<string, unknown> = {};
    for (const [name, table] of Object.entries(this.tables())) tables[name] = table.dump();
    const snapshot = {
      version: 1,
      seq: this.seq,
      tables,
      webhookEndpoints: [...this.webhookEndpoints.values()],
      internal: this.internal,
    };
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(snapshot));
    renameSync(tmp, this.file);
  }

  private load(): void {
    if (!this.file) return;
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const snapshot = JSON.parse(text) as {
      seq: number;
      tables: Record<string, Row<{ id: string }>[]>;
      webhookEndpoints: RuntimeWebhookEndpoint[];
      internal: Partial<Internal>;
    };
    this.seq = snapshot.seq;
    for (const [name, table] of Object.entries(this.tables())) table.load(snapshot.tables[name] ?? []);
    for (const endpoint of snapshot.webhookEndpoints ?? []) this.webhookEndpoints.set(endpoint.object.id, endpoint);
    this.internal = { ...emptyInternal(), ...snapshot.internal };
  }
}

function emptyInternal(): Internal {
  return {
    behaviours: {},
    purposes: {},
    checkoutLineItems: {},
    checkoutOptions: {},
    accountLinks: {},
    loginLinks: {},
    idempotency: {},
    jobs: [],
    clockOffsetMs: 0,
    invoiceSequence: 0,
  };
}
