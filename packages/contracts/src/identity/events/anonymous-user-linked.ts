import { z } from 'zod';
import { defineEvent } from '../../define.js';

/**
 * An anonymous visitor signed in to an existing account: what the anonymous user owned now belongs to `userId`.
 * Every context that stores data by user id re-owns its rows. (Sign-up upgrades in place and needs no such move.)
 */
export const AnonymousUserLinked = defineEvent({
  subject: 'pm.identity.user.anonymous-linked.v1',
  data: z.object({ anonymousUserId: z.string().min(1), userId: z.string().min(1) }),
  fixture: { anonymousUserId: 'usr_anon_1', userId: 'usr_01HZX3' },
});
