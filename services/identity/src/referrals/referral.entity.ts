import { defineEntity, p } from '@mikro-orm/core';

const ReferralSchema = defineEntity({
  name: 'Referral',
  tableName: 'referrals',
  properties: {
    id: p.uuid().primary(),
    userId: p.text().fieldName('user_id'),
    referralType: p.text().nullable().fieldName('referral_type'),
    referralRef: p.text().nullable().fieldName('referral_ref'),
    referralUrl: p.text().nullable().fieldName('referral_url'),
    referralMetadata: p.json<Record<string, unknown>>().nullable().fieldName('referral_metadata'),
    isRedirected: p.boolean().fieldName('is_redirected'),
    createdAt: p.datetime().fieldName('created_at'),
  },
});

/** Where a person came from (a share link, a community invite) and whether they were sent back there yet. */
export class Referral extends ReferralSchema.class {}
ReferralSchema.setClass(Referral);
export { ReferralSchema };
