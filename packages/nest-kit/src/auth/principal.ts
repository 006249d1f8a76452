/** A person calling, as proven by a verified user access token. */
export interface Principal {
  kind: 'user';
  userId: string;
  isAnonymous: boolean;
  email: string | undefined;
  /** The raw claims, for checks a service needs beyond these. */
  claims: Record<string, unknown>;
}

/**
 * A process calling on its own behalf (an event consumer, a workflow activity, the BFF composing a view), as proven
 * by a service token identity issued to it for this service. It never stands for a user.
 */
export interface ServicePrincipal {
  kind: 'service';
  /** The client id: `bff`, `portfolio`, `workflows`, ... */
  name: string;
  claims: Record<string, unknown>;
}

/** Whoever a verified token says is calling. */
export type Caller = Principal | ServicePrincipal;
export type CallerKind = Caller['kind'];
