import { z } from 'zod';
import { contexts, defineRpc } from '../../define.js';
import { rawText } from '../../text.js';

/** A machine caller's name: the BFF, a service, the workflow worker. */
export const ServiceClientIdSchema = z
  .string({ error: 'client_id is required' })
  .regex(/^[a-z][a-z0-9-]{0,62}$/, 'client_id must be a lower-case name');

/** The service a token is for: the bounded context whose requests it may call (`pm.rpc.<context>.*`). */
export const ServiceAudienceSchema = z.enum(contexts, { error: 'audience must be a service name' });

/** The `token_use` claim of a service token; user access tokens never carry it. */
export const SERVICE_TOKEN_USE = 'service';

/**
 * Client credentials for machine callers (event consumers, workflow activities, the BFF's own composed calls): a
 * short-lived EdDSA JWT for one audience, signed with the same keys as user tokens (JWKS), `sub` = the client,
 * `aud` = the service, `token_use` = "service". Unknown client or wrong secret: 401 without detail; an audience the
 * client may not call: 403.
 */
export const IssueServiceToken = defineRpc({
  subject: 'pm.rpc.identity.service-token.issue.v1',
  access: 'caller',
  request: z.object({
    client_id: ServiceClientIdSchema,
    client_secret: rawText('client_secret', 200, { required: 'client_secret is required' }),
    audience: ServiceAudienceSchema,
  }),
  response: z.object({
    // An EdDSA JWT with a handful of claims is a few hundred characters.
    access_token: z.string().min(1).max(4096),
    token_type: z.literal('Bearer'),
    /** Seconds from now. */
    expires_in: z.number().int().positive().max(3600),
  }),
  fixture: {
    request: { client_id: 'bff', client_secret: 'a-generated-secret', audience: 'portfolio' },
    response: { access_token: 'eyJ...', token_type: 'Bearer', expires_in: 300 },
  },
});
