import { defineEntity, p } from '@mikro-orm/core';

const EmailTemplateSchema = defineEntity({
  name: 'EmailTemplate',
  tableName: 'email_template',
  properties: {
    id: p.uuid().primary(),
    accountId: p.string().fieldName('account_id'),
    buildingId: p.uuid().fieldName('building_id'),
    slug: p.text(),
    name: p.text(),
    subject: p.text(),
    body: p.text(),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/** A building's own wording of one of the product's e-mails (slug: tenant-invite, lease-renewal, ...). */
export class EmailTemplate extends EmailTemplateSchema.class {}
EmailTemplateSchema.setClass(EmailTemplate);
export { EmailTemplateSchema };
