/** Who is calling, as proven by a verified access token. */
export interface Principal {
  userId: string;
  isAnonymous: boolean;
  email: string | undefined;
  /** The raw claims, for checks a service needs beyond these. */
  claims: Record<string, unknown>;
}
