import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { emailTextFields } from '../../portfolio/rpc/building.js';
import { clearableText, IdRefSchema, limits } from '../../portfolio/validation.js';
import { EmailSignatureSchema, EmailTemplateSchema, InviteTemplateSchema } from '../email-templates.js';

// Messaging owns the buildings' e-mail templates and signatures (the architecture's placement); the HTTP paths are the
// spec's, as they were when portfolio answered them. Ids are not checked here: a malformed one is 404 like an unknown one.
const id = IdRefSchema;
const buildingId = '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b';

const inviteTemplateFixture = {
  id: 'default:tenant-invite',
  slug: 'tenant-invite' as const,
  name: 'Tenant invitation',
  subject: 'You are invited to {{property_name}}',
  body: 'Hello {{tenant_name}},\n\nSign up here: {{invite_link}}',
};

/** GET building/{id}/email-templates: the product's defaults merged with the building's own versions. */
export const ListBuildingEmailTemplates = defineRpc({
  subject: 'pm.rpc.messaging.building-email-template.list.v1',
  description: "the defaults, each replaced by the building's own version",
  access: 'building:read',
  http: { method: 'GET', path: 'building/:id/email-templates' },
  errors: { 404: 'Building not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id }),
  response: z.array(EmailTemplateSchema),
  fixture: { request: { id: buildingId }, response: [inviteTemplateFixture] },
});

/** PUT building/{id}/email-templates/{slug}: 'Subject is required' | 'Message is required'; 404 for an unknown slug. */
export const UpdateBuildingEmailTemplate = defineRpc({
  subject: 'pm.rpc.messaging.building-email-template.update.v1',
  description: 'the building\'s own version; 404 "Email template not found" for another slug',
  access: 'building:write',
  http: { method: 'PUT', path: 'building/:id/email-templates/:slug' },
  errors: { 400: ['Subject is required', 'Message is required'], 404: ['Building not found', 'Email template not found'], 403: ACCESS_FORBIDDEN },
  request: z.object({ id, slug: IdRefSchema.min(1), ...emailTextFields }),
  response: EmailTemplateSchema,
  fixture: {
    request: { id: buildingId, slug: 'tenant-invite', subject: 'Welcome to {{property_name}}', body: inviteTemplateFixture.body },
    response: { ...inviteTemplateFixture, id: '01937a13-4f5a-7b6c-9d2e-3f4a5b6c7d8e', subject: 'Welcome to {{property_name}}' },
  },
});

/** GET building/{id}/signature: '' until the building has one. */
export const GetBuildingSignature = defineRpc({
  subject: 'pm.rpc.messaging.building-signature.get.v1',
  description: "`''` until it has one",
  access: 'building:read',
  http: { method: 'GET', path: 'building/:id/signature' },
  errors: { 404: 'Building not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id }),
  response: EmailSignatureSchema,
  fixture: { request: { id: buildingId }, response: { signature: '' } },
});

/** PUT building/{id}/signature: "" or null clears it; the field must be sent. */
export const UpdateBuildingSignature = defineRpc({
  subject: 'pm.rpc.messaging.building-signature.update.v1',
  description: "`''` or null clears it",
  access: 'building:write',
  http: { method: 'PUT', path: 'building/:id/signature' },
  errors: { 400: ['Signature is required', 'Signature must be at most 5,000 characters'], 404: 'Building not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id, signature: clearableText('Signature', limits.signature) }),
  response: EmailSignatureSchema,
  fixture: { request: { id: buildingId, signature: 'The Elm Street team' }, response: { signature: 'The Elm Street team' } },
});

/** GET tenant/invite-template/{buildingId}: the building's tenant-invite template, placeholders unfilled. */
export const GetInviteTemplate = defineRpc({
  subject: 'pm.rpc.messaging.tenant-invite-template.get.v1',
  description: "the invite dialog's starting text (placeholders unfilled)",
  access: 'tenant:invite',
  http: { method: 'GET', path: 'tenant/invite-template/:buildingId' },
  errors: { 404: 'Building not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ buildingId: id }),
  response: InviteTemplateSchema,
  fixture: {
    request: { buildingId },
    response: { subject: 'You are invited to {{property_name}}', body: 'Hello {{tenant_name}},\n\nSign up here: {{invite_link}}' },
  },
});
