import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { IdRefSchema } from '../../portfolio/validation.js';
import { THREAD_EXPORT_FORMAT, THREAD_EXPORT_GENESIS_HASH, THREAD_EXPORT_VERIFICATION, ThreadExportSchema } from '../thread-export.js';
import { MESSAGE_SESSION_NOT_FOUND } from './inbox.js';

/**
 * The thread export's record (`message:read`). Not bound to HTTP: the BFF's `GET message-session/{id}/export?format=json|pdf`
 * asks it and answers the JSON as a file, or the PDF it renders from it.
 */
export const ExportMessageSession = defineRpc({
  subject: 'pm.rpc.messaging.session.export.v1',
  access: 'message:read',
  errors: { 404: MESSAGE_SESSION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: ThreadExportSchema,
  fixture: {
    request: { id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0' },
    response: {
      format: THREAD_EXPORT_FORMAT,
      session: {
        id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0',
        property_location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
        channel: 'sms',
        tenant: null,
        from: { name: null, address: '+15551234567' },
        to: '+14155550123',
        subject: null,
      },
      exported_at: '2026-11-24T10:20:00.000Z',
      exported_by: 'usr_01HZX3',
      hash_algorithm: 'sha256',
      genesis_hash: THREAD_EXPORT_GENESIS_HASH,
      entries: [],
      final_hash: THREAD_EXPORT_GENESIS_HASH,
      verification: THREAD_EXPORT_VERIFICATION,
    },
  },
});
