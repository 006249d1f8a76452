import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  BuildingCreated,
  ContactChanged,
  PartnerUpdated,
  TenantCreated,
  UnitCreated,
  PARTNER_ROLES,
  PropertyLocationCreated,
  VAULT_ACCEPTED_TYPES,
  VAULT_FILE_PREFIX,
  vaultLimits,
  type DocumentStatus,
  type EventContract,
  type EventOf,
  type PartnerRole,
  type StoredDocumentFile,
} from '@pm/contracts';
import { FileStore, fileStoreOptionsFromEnv } from '@pm/files';
import { ServiceHarness, startHarnessParts, type HarnessParts, type TestCaller } from '@pm/nest-kit/testing';
import { testEnv, waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import { vaultEnv } from '../../src/config/vault-env.js';
import { vaultService } from '../../src/service.js';

export type { TestCaller };

/** A building, unit, tenant and managing partner of a location, as portfolio announces them. */
export interface DirectoryPlace {
  buildingId: string;
  unitId: string;
  tenantId: string;
  managerId: string;
  /** A contact of the location (portfolio's ContactChanged). */
  contactId: string;
}

/** One account's location as the vault learns it from portfolio's events, with a partner per role. */
export interface VaultWorld {
  owner: TestCaller;
  locationId: string;
  partners: Record<PartnerRole, TestCaller>;
}

/**
 * The vault service on real PostgreSQL, MinIO and a NATS server of the test file's own (its durable consumers have
 * fixed names, so two test files must not share a NATS), fed with portfolio's events as portfolio publishes them.
 * Files are stored exactly as the BFF stores them (`FileStore.put` under `vault/documents/`) before they are filed.
 */
export class VaultHarness extends ServiceHarness {
  private constructor(
    parts: HarnessParts,
    readonly store: FileStore,
  ) {
    super(parts);
  }

  static async start(options: { env?: Record<string, string> } = {}): Promise<VaultHarness> {
    const stack = testEnv();
    const minio = { MINIO_ENDPOINT: stack.MINIO_ENDPOINT, MINIO_ACCESS_KEY: stack.MINIO_ACCESS_KEY, MINIO_SECRET_KEY: stack.MINIO_SECRET_KEY, MINIO_BUCKET: stack.MINIO_BUCKET };
    const parts = await startHarnessParts({ name: 'vault', envSchema: vaultEnv, define: vaultService, env: { ...minio, ...options.env } });
    const store = new FileStore(fileStoreOptionsFromEnv({ ...minio, MINIO_USE_SSL: false }));
    return new VaultHarness(parts, store);
  }

  /** Publishes an envelope as it is: a redelivery of the same event keeps its id; one built earlier is a late delivery. */
  async publishEnvelope<C extends EventContract>(contract: C, envelope: EventOf<C>): Promise<void> {
    await this.publisher.publishEnvelope(contract.subject, envelope);
  }

  /** Waits until a document's row is in one of `statuses` (the pipeline runs on its own); answers the row. */
  reaches<Row extends { status: DocumentStatus } = { status: DocumentStatus } & Record<string, unknown>>(id: string, statuses: readonly DocumentStatus[], timeout = 120_000): Promise<Row> {
    return waitFor(async () => {
      const row = await this.row<Row>(`select * from ${this.table('document')} where id = $1`, [id]);
      return row && statuses.includes(row.status) ? row : undefined;
    }, { timeout, description: `document ${id} ${statuses.join('/')}` });
  }

  /** Stores bytes as the BFF's upload does, and answers the reference the vault files. */
  async storeFile(bytes: Buffer, fileName: string): Promise<StoredDocumentFile> {
    const stored = await this.store.put(Readable.from([bytes]), { prefix: VAULT_FILE_PREFIX, maxBytes: vaultLimits.documentBytes, accept: VAULT_ACCEPTED_TYPES });
    return { key: stored.key, file_name: fileName, content_type: stored.contentType as StoredDocumentFile['content_type'], size: stored.size, sha256: stored.sha256 };
  }

  /** Whether MinIO still has an object. */
  async objectExists(key: string): Promise<boolean> {
    return this.store.exists(key);
  }

  static sha256(bytes: Buffer): string {
    return createHash('sha256').update(bytes).digest('hex');
  }

  /** A location of a new account, with one partner per role, once the vault's grants have them. */
  async world(options: { owner?: TestCaller; name?: string } = {}): Promise<VaultWorld> {
    const owner = options.owner ?? (await this.caller());
    const locationId = uuidv7();
    await this.publish(PropertyLocationCreated, {
      locationId,
      accountId: owner.userId,
      ownerUserId: owner.userId,
      name: options.name ?? '12 Elm Street',
      addressText: '12 Elm Street, Springfield, IL 62701',
      type: 'MULTI_UNIT',
      declaredUnitsCount: 6,
      isRentalProperty: true,
    });
    const partners = {} as Record<PartnerRole, TestCaller>;
    for (const role of PARTNER_ROLES) partners[role] = await this.share(owner, locationId, role);
    await waitFor(() => this.row(`select 1 from ${this.table('access_location')} where location_id = $1`, [locationId]), { timeout: 20_000, description: 'location granted' });
    return { owner, locationId, partners };
  }

  /** A building with a unit, its tenant and a manager on the world's location, once the vault's directory has them. */
  async place(world: VaultWorld, names: { building: string; unit: string; tenant: string; manager: string; contact?: string }): Promise<DirectoryPlace> {
    const scope = { locationId: world.locationId, accountId: world.owner.userId, ownerUserId: world.owner.userId };
    const [buildingId, unitId, tenantId, managerId] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    await this.publish(BuildingCreated, { ...scope, buildingId, name: names.building });
    await this.publish(UnitCreated, { ...scope, buildingId, unitId, name: names.unit });
    await this.publish(TenantCreated, { ...scope, buildingId, unitId, tenantId, fullName: names.tenant });
    await this.publish(PartnerUpdated, {
      partnerId: managerId,
      accountId: world.owner.userId,
      userId: null,
      fullName: names.manager,
      email: `${managerId}@example.com`,
      phone: null,
      role: 'MANAGER',
      isEmergencyContact: false,
      locationIds: [world.locationId],
    });
    const contactId = uuidv7();
    await this.publish(ContactChanged, { contactId, accountId: world.owner.userId, name: names.contact ?? 'Rivera Plumbing', role: 'PLUMBER', emails: [], locationIds: [world.locationId] });
    for (const [name, column, id] of [
      ['partner_directory', 'partner_id', managerId],
      ['tenant_directory', 'tenant_id', tenantId],
      ['unit_directory', 'unit_id', unitId],
      ['building_directory', 'building_id', buildingId],
      ['contact_directory', 'contact_id', contactId],
    ] as const) {
      await waitFor(() => this.row(`select 1 from ${this.table(name)} where ${column} = $1`, [id]), { timeout: 20_000, description: `${name} copied` });
    }
    return { buildingId, unitId, tenantId, managerId, contactId };
  }
}
