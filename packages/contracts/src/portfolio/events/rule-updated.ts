import { defineEvent } from '../../define.js';
import { RuleEventDetailsSchema } from '../knowledge.js';
import { LocationScopeSchema } from '../property-location.js';

/** A rule's description or expected output changed (the event carries its whole new state). */
export const RuleUpdated = defineEvent({
  subject: 'pm.portfolio.rule.updated.v1',
  data: LocationScopeSchema.extend(RuleEventDetailsSchema.shape),
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    ruleId: '01936f6e-b2c3-7d4e-8f5a-6b7c8d9e0f1a',
    description: 'A tenant reports a water leak',
    expectedOutput: 'Treat it as urgent and notify the emergency contacts.',
    changedAt: '2026-11-24T10:15:00.000Z',
  },
});
