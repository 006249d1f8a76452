import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../property-location.js';

/** A rule was deleted (a copy keeps it deleted even when an older update arrives after this). */
export const RuleDeleted = defineEvent({
  subject: 'pm.portfolio.rule.deleted.v1',
  data: LocationScopeSchema.extend({ ruleId: z.string().min(1), changedAt: z.iso.datetime() }),
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    ruleId: '01936f6e-b2c3-7d4e-8f5a-6b7c8d9e0f1a',
    changedAt: '2026-11-24T10:20:00.000Z',
  },
});
