import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { UserRegistered, type CompleteGoogleSignIn, type RequestOf, type ResponseOf, type StartGoogleSignIn } from '@pm/contracts';
import { recordEvent, RpcFailure } from '@pm/messaging';
import { createAuthorizationURL, validateAuthorizationCode, validateToken } from 'better-auth/oauth2';
import { randomBytes } from 'node:crypto';
import { Clock } from '../clock.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity-env.js';
import { SessionIssuer } from '../sessions/session-issuer.js';
import { OneTimeTokens } from '../tokens/one-time-tokens.js';
import { UsersRepository } from '../users/users.repository.js';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

interface FlowState {
  codeVerifier: string;
  nonce: string;
  campaign: string | null;
  redirect: string | null;
  callbackUrl: string;
}

const STATE_TTL_SECONDS = 600;
const GOOGLE_FAILED = 'Google sign-in failed. Please try again.';

/**
 * Google sign-in, an OpenID Connect authorization-code flow with PKCE, state and nonce (better-auth's OAuth 2 helpers
 * build the URL, exchange the code and check the ID token). The discovery URL is Google's in production and the local
 * OpenID provider's in development and tests, so the same redirects and callback run everywhere. The round trip's
 * state (verifier, nonce, campaign, redirect) stays on the server, keyed by the single-use `state` value.
 */
@Injectable()
export class GoogleSignIn {
  private discovery: Promise<Discovery> | undefined;

  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersRepository,
    private readonly tokens: OneTimeTokens,
    private readonly sessions: SessionIssuer,
    private readonly clock: Clock,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async start(request: RequestOf<typeof StartGoogleSignIn>): Promise<ResponseOf<typeof StartGoogleSignIn>> {
    const client = this.client();
    const provider = await this.provider();
    const codeVerifier = randomBytes(32).toString('base64url');
    const nonce = randomBytes(16).toString('base64url');
    const flow: FlowState = { codeVerifier, nonce, campaign: request.campaign ?? null, redirect: request.redirect ?? null, callbackUrl: request.callbackUrl };
    const em = this.em.fork();
    const state = this.tokens.issue(em, 'oauth_state', { userId: null, ttlSeconds: STATE_TTL_SECONDS, data: { ...flow } });
    await em.flush();
    const url = await createAuthorizationURL({
      id: 'google',
      options: { clientId: client.id, clientSecret: client.secret },
      authorizationEndpoint: provider.authorization_endpoint,
      redirectURI: request.callbackUrl,
      state,
      codeVerifier,
      nonce,
      scopes: ['openid', 'email', 'profile'],
    });
    return { url: url.toString() };
  }

  async complete(request: RequestOf<typeof CompleteGoogleSignIn>, anonymousUserId?: string): Promise<ResponseOf<typeof CompleteGoogleSignIn>> {
    const consumed = await this.em.fork().transactional((em) => this.tokens.consume(em, 'oauth_state', request.state));
    if (consumed.status !== 'ok') throw RpcFailure.badRequest(GOOGLE_FAILED);
    const flow = consumed.token.data as unknown as FlowState;
    if (request.error || !request.code) throw RpcFailure.badRequest(GOOGLE_FAILED);
    if (flow.callbackUrl !== request.callbackUrl) throw RpcFailure.badRequest(GOOGLE_FAILED);
    const client = this.client();
    const provider = await this.provider();
    let claims: { sub: string; email?: string; email_verified?: boolean; name?: string; nonce?: string };
    try {
      const tokens = await validateAuthorizationCode({
        code: request.code,
        codeVerifier: flow.codeVerifier,
        redirectURI: flow.callbackUrl,
        options: { clientId: client.id, clientSecret: client.secret },
        tokenEndpoint: provider.token_endpoint,
      });
      if (!tokens.idToken) throw new Error('no ID token');
      const verified = await validateToken<typeof claims>(tokens.idToken, provider.jwks_uri, {
        issuer: provider.issuer,
        audience: client.id,
        requiredClaims: ['sub'],
        clockTolerance: 5,
      });
      claims = verified.payload;
    } catch {
      throw RpcFailure.badRequest(GOOGLE_FAILED);
    }
    if (claims.nonce !== flow.nonce) throw RpcFailure.badRequest(GOOGLE_FAILED);
    if (!claims.email || claims.email_verified !== true) {
      throw RpcFailure.badRequest('Your Google account has no verified email address.');
    }
    const userId = await this.findOrCreate(claims.sub, claims.email.toLowerCase(), claims.name ?? claims.email, flow.campaign, anonymousUserId);
    return { session: await this.sessions.start(userId), redirect: flow.redirect, campaign: flow.campaign };
  }

  /**
   * The account linked to this Google subject; else the account with this (provider-verified) address, which gains
   * the Google link; else a new verified account — the anonymous caller's user, upgraded in place, when there is one.
   */
  private async findOrCreate(subject: string, email: string, name: string, campaign: string | null, anonymousUserId?: string): Promise<string> {
    const now = this.clock.now();
    return this.em.fork().transactional(async (em) => {
      const linked = await this.users.googleCredentialOf(em, subject);
      if (linked) return linked.userId;
      const link = (userId: string) => this.users.addGoogleLink(em, userId, subject, now);
      const existing = await this.users.findByEmail(em, email);
      if (existing) {
        if (!existing.emailVerified) existing.emailVerified = true;
        link(existing.id);
        return existing.id;
      }
      const anonymous = anonymousUserId ? await this.users.findAnonymous(em, anonymousUserId) : null;
      const user =
        anonymous ??
        this.users.create(em, {
          name,
          email,
          emailVerified: true,
          accountType: null,
          campaign: campaign ?? 'property_owner',
          hasAcceptedTerms: false,
          referralMetadata: null,
          now,
        });
      Object.assign(user, { name, email, emailVerified: true, isAnonymous: false, campaign: user.campaign ?? campaign ?? 'property_owner', updatedAt: now });
      em.persist(user);
      link(user.id);
      recordEvent(em, UserRegistered, {
        userId: user.id,
        email,
        fullName: name,
        accountType: user.accountType ?? null,
        campaign: user.campaign ?? null,
        upgradedFromAnonymous: Boolean(anonymous),
        method: 'google',
      });
      return user.id;
    });
  }

  private client(): { id: string; secret: string } {
    if (!this.config.GOOGLE_CLIENT_ID || !this.config.GOOGLE_CLIENT_SECRET) {
      throw new RpcFailure(503, 'Google sign-in is not configured.', 'google_not_configured');
    }
    return { id: this.config.GOOGLE_CLIENT_ID, secret: this.config.GOOGLE_CLIENT_SECRET };
  }

  private provider(): Promise<Discovery> {
    this.discovery ??= fetch(this.config.GOOGLE_DISCOVERY_URL, { signal: AbortSignal.timeout(10_000) })
      .then(async (response) => {
        if (!response.ok) throw new Error(`discovery answered ${response.status}`);
        return (await response.json()) as Discovery;
      })
      .catch((error: unknown) => {
        this.discovery = undefined;
        throw new RpcFailure(503, 'Google sign-in is not available right now. Please try again.', 'google_unavailable', String(error));
      });
    return this.discovery;
  }
}
