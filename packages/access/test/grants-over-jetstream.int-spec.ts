import { randomBytes, randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Module, type INestApplication } from '@nestjs/common';
import { jest } from '@jest/globals';
import type { NatsConnection } from '@nats-io/nats-core';
import {
  PartnerAdded,
  PartnerRemoved,
  PartnerRoleChanged,
  PartnerUserLinked,
  PropertyLocationCreated,
  PropertyLocationOwnerChanged,
  type Permission,
} from '@pm/contracts';
import { buildEnvelope, connectNats, EventPublisher, MessagingModule, RpcFailure } from '@pm/messaging';
import { bootstrapService, ormModule, runMigrations, serviceOrmConfig } from '@pm/nest-kit';
import { createTestSchema, waitFor } from '@pm/testing';
import { AccessModule, AccessTablesMigration, FORBIDDEN, GrantsProjection, LocationAccess, type AccessCaller } from '../src/index.js';

jest.setTimeout(120_000);

/**
 * A location-scoped service that is not portfolio (a throw-away schema and service name): it learns grants only
 * from portfolio's events over JetStream, through AccessModule.forConsumer's durable consumers, and answers
 * LocationAccess.require() by the shared role table.
 */
const service = `accesstest-${randomBytes(4).toString('hex')}`;
const NOT_FOUND = 'Document not found';

let app: INestApplication;
let orm: MikroORM;
let access: LocationAccess;
let nc: NatsConnection;
let publisher: EventPublisher;
let dropSchema: () => Promise<void>;

const ownerA: AccessCaller = { userId: `usr_${randomUUID()}`, accountId: '' };
ownerA.accountId = ownerA.userId;
const ownerB: AccessCaller = { userId: `usr_${randomUUID()}`, accountId: '' };
ownerB.accountId = ownerB.userId;
const partnerUser = (): AccessCaller => ({ userId: `usr_${randomUUID()}`, accountId: `usr_${randomUUID()}` });

function em(): EntityManager {
  return orm.em.fork() as EntityManager;
}

/** 'ok' with the role, or the failure's status and message. */
async function outcome(caller: AccessCaller, locationId: string, permission: Permission): Promise<string> {
  try {
    const grant = await access.require(em(), caller, locationId, permission, NOT_FOUND);
    return `ok ${grant.role}`;
  } catch (error) {
    if (error instanceof RpcFailure) return `${error.status} ${error.message}`;
    throw error;
  }
}

async function eventually(caller: AccessCaller, locationId: string, permission: Permission, expected: string): Promise<void> {
  await waitFor(async () => (await outcome(caller, locationId, permission)) === expected, {
    timeout: 15_000,
    description: `${permission} on ${locationId} answers "${expected}"`,
  });
  expect(await outcome(caller, locationId, permission)).toBe(expected);
}

async function locationOf(owner: AccessCaller): Promise<string> {
  const locationId = randomUUID();
  await publisher.publish(PropertyLocationCreated, {
    locationId,
    accountId: owner.accountId,
    ownerUserId: owner.userId,
    name: '12 Elm Street',
    addressText: '12 Elm Street, Springfield, IL 62701',
    type: 'MULTI_UNIT',
    declaredUnitsCount: 6,
    isRentalProperty: true,
  });
  return locationId;
}

beforeAll(async () => {
  const created = await createTestSchema('accesstest');
  dropSchema = created.dropSchema;
  const options = { databaseUrl: process.env.DATABASE_URL!, schema: created.schema, entities: [], migrations: [AccessTablesMigration] };
  await runMigrations(serviceOrmConfig(options));

  @Module({ imports: [MessagingModule.forRoot({ servers: process.env.NATS_URL!, name: service }), ormModule(options), AccessModule.forConsumer(service)] })
  class ThrowAwayServiceModule {}
  app = await bootstrapService({ name: service, module: ThrowAwayServiceModule, http: { host: '127.0.0.1', port: 0 }, withDatabase: true, logLevel: 'error' });
  orm = app.get(MikroORM);
  access = app.get(LocationAccess);
  nc = await connectNats({ servers: process.env.NATS_URL!, name: `${service}-publisher` });
  publisher = new EventPublisher(nc);
});

afterAll(async () => {
  await app?.close();
  await nc?.close();
  await dropSchema?.();
});

describe('a non-portfolio service fed by grant events over JetStream', () => {
  it('knows owners from PropertyLocationCreated: everything on their own location, 404 on another account\'s', async () => {
    const mine = await locationOf(ownerA);
    const theirs = await locationOf(ownerB);
    await eventually(ownerA, mine, 'partner:write', 'ok OWNER');
    await eventually(ownerB, theirs, 'location:read', 'ok OWNER');
    expect(await outcome(ownerA, theirs, 'location:read')).toBe(`404 ${NOT_FOUND}`);
    expect(await outcome(ownerA, randomUUID(), 'location:read')).toBe(`404 ${NOT_FOUND}`);
    expect(await outcome(ownerA, 'not-a-uuid', 'location:read')).toBe(`404 ${NOT_FOUND}`);
    expect(await outcome(ownerA, mine.toUpperCase(), 'location:read')).toBe('ok OWNER');
  });

  it('follows a partner through added, role changed and removed', async () => {
    const location = await locationOf(ownerA);
    const other = await locationOf(ownerB);
    const user = partnerUser();
    const partnerId = randomUUID();
    const partner = { partnerId, accountId: ownerA.accountId };
    await eventually(ownerA, location, 'location:read', 'ok OWNER');

    await publisher.publish(PartnerAdded, { ...partner, locationId: location, email: 'vee@example.com', role: 'VIEWER', userId: user.userId });
    await eventually(user, location, 'tenant:read', 'ok VIEWER');
    expect(await outcome(user, location, 'tenant:write')).toBe(`403 ${FORBIDDEN}`);
    expect(await outcome(user, other, 'location:read')).toBe(`404 ${NOT_FOUND}`);
    expect((await access.accessible(em(), user)).map((g) => [g.locationId, g.role])).toEqual([[location, 'VIEWER']]);

    await publisher.publish(PartnerRoleChanged, { ...partner, userId: user.userId, role: 'MANAGER', previousRole: 'VIEWER' });
    await eventually(user, location, 'tenant:write', 'ok MANAGER');
    expect(await outcome(user, location, 'partner:write')).toBe(`403 ${FORBIDDEN}`);

    await publisher.publish(PartnerRemoved, { ...partner, locationId: location, userId: user.userId });
    await eventually(user, location, 'location:read', `404 ${NOT_FOUND}`);
    expect(await access.accessible(em(), user)).toEqual([]);
    expect(await outcome(ownerA, location, 'partner:write')).toBe('ok OWNER');
  });

  it('gives a partner invited by e-mail access once their user is linked', async () => {
    const location = await locationOf(ownerA);
    const user = partnerUser();
    const partner = { partnerId: randomUUID(), accountId: ownerA.accountId };
    await publisher.publish(PartnerAdded, { ...partner, locationId: location, email: 'ada@example.com', role: 'ADMIN', userId: null });
    await eventually(ownerA, location, 'location:read', 'ok OWNER');
    expect(await outcome(user, location, 'location:read')).toBe(`404 ${NOT_FOUND}`);

    await publisher.publish(PartnerUserLinked, { ...partner, userId: user.userId, role: 'ADMIN' });
    await eventually(user, location, 'partner:write', 'ok ADMIN');
  });

  it('moves a location to its new owner on PropertyLocationOwnerChanged', async () => {
    const anonymous: AccessCaller = { userId: `usr_anon_${randomUUID()}`, accountId: '' };
    anonymous.accountId = anonymous.userId;
    const location = await locationOf(anonymous);
    await eventually(anonymous, location, 'location:update', 'ok OWNER');
    await publisher.publish(PropertyLocationOwnerChanged, {
      locationId: location,
      previousOwnerUserId: anonymous.userId,
      ownerUserId: ownerB.userId,
      accountId: ownerB.accountId,
      reason: 'anonymous_user_linked',
    });
    await eventually(ownerB, location, 'location:update', 'ok OWNER');
    expect(await outcome(anonymous, location, 'location:read')).toBe(`404 ${NOT_FOUND}`);
  });
});

describe('GrantsProjection', () => {
  it('keeps the later event when a partner\'s events arrive out of order (one consumer per event type)', async () => {
    const projection = app.get(GrantsProjection);
    const location = await locationOf(ownerA);
    await eventually(ownerA, location, 'location:read', 'ok OWNER');
    const user = partnerUser();
    const partner = { partnerId: randomUUID(), accountId: ownerA.accountId };
    const added = buildEnvelope(PartnerAdded, { ...partner, locationId: location, email: 'late@example.com', role: 'MEMBER', userId: user.userId });
    const promoted = buildEnvelope(PartnerRoleChanged, { ...partner, userId: user.userId, role: 'ADMIN', previousRole: 'MEMBER' });
    const removed = buildEnvelope(PartnerRemoved, { ...partner, locationId: location, userId: user.userId });

    await em().transactional(async (tx) => {
      await projection.apply(tx, PartnerRoleChanged, promoted);
      await projection.apply(tx, PartnerAdded, added);
    });
    expect(await outcome(user, location, 'partner:write')).toBe('ok ADMIN');

    await em().transactional(async (tx) => {
      await projection.apply(tx, PartnerRemoved, removed);
      await projection.apply(tx, PartnerAdded, added);
    });
    expect(await outcome(user, location, 'location:read')).toBe(`404 ${NOT_FOUND}`);
  });
});
