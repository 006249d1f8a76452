import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AccountType } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import { CredentialAccount } from './credential-account.entity.js';
import { User } from './user.entity.js';

/** What a new account starts with; the rest (unverified, no phone, no resident login yet) is the same for all. */
export interface NewUser {
  name: string;
  email: string;
  emailVerified: boolean;
  accountType: AccountType | null;
  campaign: string;
  hasAcceptedTerms: boolean;
  referralMetadata: Record<string, unknown> | null;
  now: Date;
}

/**
 * Identity's users (better-auth's `users` table) and their credentials (`accounts`: a password or a Google link), read
 * and changed through the use case's EntityManager so they commit with the events the use case records.
 */
@Injectable()
export class UsersRepository {
  find(em: EntityManager, id: string): Promise<User | null> {
    return em.findOne(User, { id });
  }

  /** An anonymous visitor's user, still anonymous (null once it became an account or was linked away). */
  findAnonymous(em: EntityManager, id: string): Promise<User | null> {
    return em.findOne(User, { id, isAnonymous: true });
  }

  findByEmail(em: EntityManager, email: string, filter: { isAnonymous?: false; emailVerified?: false } = {}): Promise<User | null> {
    return em.findOne(User, { email, ...filter });
  }

  async emailTaken(em: EntityManager, email: string): Promise<boolean> {
    return (await em.count(User, { email })) > 0;
  }

  /** A new user, persisted with the caller's flush. */
  create(em: EntityManager, user: NewUser): User {
    const { now, ...fields } = user;
    const created = em.create(User, { id: uuidv7(), ...fields, isAnonymous: false, phone: null, lastResidentLoginAt: null, createdAt: now, updatedAt: now });
    em.persist(created);
    return created;
  }

  /** Retires an anonymous user whose data went to an account (AnonymousUserLinked). */
  remove(em: EntityManager, user: User): void {
    em.remove(user);
  }

  /** Sets the resident's last login; false when the user no longer exists. */
  async recordResidentLogin(em: EntityManager, id: string, at: Date): Promise<boolean> {
    return (await em.nativeUpdate(User, { id }, { lastResidentLoginAt: at })) > 0;
  }

  passwordCredentialOf(em: EntityManager, userId: string): Promise<CredentialAccount | null> {
    return em.findOne(CredentialAccount, { userId, providerId: 'credential' });
  }

  googleCredentialOf(em: EntityManager, subject: string): Promise<CredentialAccount | null> {
    return em.findOne(CredentialAccount, { providerId: 'google', accountId: subject });
  }

  /** A password credential (better-auth's hash), persisted with the caller's flush. */
  addPassword(em: EntityManager, userId: string, passwordHash: string, now: Date): void {
    em.persist(em.create(CredentialAccount, { id: uuidv7(), accountId: userId, providerId: 'credential', userId, password: passwordHash, createdAt: now, updatedAt: now }));
  }

  /** A link to a Google subject, persisted with the caller's flush. */
  addGoogleLink(em: EntityManager, userId: string, subject: string, now: Date): void {
    em.persist(em.create(CredentialAccount, { id: uuidv7(), accountId: subject, providerId: 'google', userId, password: null, createdAt: now, updatedAt: now }));
  }
}
