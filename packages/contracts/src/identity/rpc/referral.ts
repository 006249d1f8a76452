import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { metadataSchema } from '../../metadata.js';
import { optionalLine } from '../../text.js';

export const ReferralSchema = z.object({ id: z.string().min(1), referral_url: z.string().nullable(), is_redirected: z.boolean() });
export type Referral = z.infer<typeof ReferralSchema>;

/** The pending referral the web app kept from the sign-up link (spec 3.3), submitted after sign-in. */
export const CreateReferral = defineRpc({
  subject: 'pm.rpc.identity.referral.create.v1',
  access: 'caller',
  http: { method: 'POST', path: 'user/referral', status: 201, idempotent: true },
  request: z.object({
    referralType: optionalLine('Referral type', 100),
    referralId: optionalLine('Referral id', 200),
    referralUrl: optionalLine('Referral URL', 2000),
    referralMetadata: metadataSchema().nullish(),
  }),
  response: ReferralSchema,
  fixture: {
    request: { referralType: 'community', referralId: 'c1', referralUrl: '/share/abc', referralMetadata: { campaign: 'share_link' } },
    response: { id: 'ref_1', referral_url: '/share/abc', is_redirected: false },
  },
});

export const GetReferral = defineRpc({
  subject: 'pm.rpc.identity.referral.get.v1',
  http: { method: 'GET', path: 'user/referral' },
  request: z.object({}),
  response: ReferralSchema.nullable(),
  fixture: { request: {}, response: null },
});

export const CompleteReferral = defineRpc({
  subject: 'pm.rpc.identity.referral.complete.v1',
  http: { method: 'POST', path: 'user/referral/complete', status: 204 },
  request: z.object({}),
  response: z.object({ ok: z.literal(true) }),
  fixture: { request: {}, response: { ok: true } },
});
