import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { PAGE_LIMIT_MAX, pageRequestFields, pageSchema } from '../../page.js';
import { IdRefSchema, SelectedLocationSchema } from '../../portfolio/validation.js';
import { InboundCallSchema, type InboundCallView } from '../inbound-calls.js';

const LOCATION_NOT_FOUND = 'Property location not found';
export const INBOUND_CALL_NOT_FOUND = 'Call not found';

const callFixture: InboundCallView = {
  id: '01937b30-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
  property_location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
  call_sid: 'CA0123456789abcdef0123456789abcdef',
  from: '+15551234567',
  to: '+14155550123',
  tenant: { id: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d', full_name: 'Maria Lopez' },
  status: 'completed',
  urgent: false,
  started_at: '2026-11-24T10:15:00.000Z',
  ended_at: '2026-11-24T10:16:10.000Z',
  duration_seconds: 70,
  turns: [
    {
      id: '01937b30-0a1b-7c2d-8e3f-4a5b6c7d8ea0',
      seq: 1,
      transcript: 'What day is trash pickup?',
      confidence: 0.93,
      kind: 'answer',
      answer: 'Trash is picked up every Tuesday morning; please have your bins at the curb by 7 AM.',
      urgent: false,
      sources: [{ kind: 'question', id: 'q-1', title: 'When is trash day?', score: 0.82 }],
      message_id: null,
      at: '2026-11-24T10:15:20.000Z',
      answered_at: '2026-11-24T10:15:24.000Z',
    },
  ],
};

export const InboundCallPageSchema = pageSchema(InboundCallSchema);

/** GET inbound-call/all?location_id=&limit=&cursor=: the Inbound Calls list, newest first, each call with its transcript. */
export const ListInboundCalls = defineRpc({
  subject: 'pm.rpc.messaging.inbound-call.list.v1',
  description: "the Inbound Calls list (spec route `inbound-call`): a page of the location's calls, newest first, each with its tenant (as known now), status, duration, `urgent` and every turn (transcript, answer, kind `answer`/`holding`/`goodbye`/`pending`, sources, message id)",
  access: 'message:read',
  http: { method: 'GET', path: 'inbound-call/all' },
  errors: { 400: ['No location selected', 'Invalid cursor', `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`], 404: LOCATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ location_id: SelectedLocationSchema, ...pageRequestFields }),
  response: InboundCallPageSchema,
  fixture: {
    request: { location_id: callFixture.property_location_id, limit: 50 },
    response: { items: [callFixture], next_cursor: null, total: 1 },
  },
});

/** GET inbound-call/{id}: one call with its transcript; 404 'Call not found'. */
export const GetInboundCall = defineRpc({
  subject: 'pm.rpc.messaging.inbound-call.get.v1',
  description: 'one call; 404 "Call not found" (an unrouted call is no one\'s)',
  access: 'message:read',
  http: { method: 'GET', path: 'inbound-call/:id' },
  errors: { 404: INBOUND_CALL_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: InboundCallSchema,
  fixture: { request: { id: callFixture.id }, response: callFixture },
});
