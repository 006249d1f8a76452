import type { EmailTemplateSlug } from '@pm/contracts';

export interface TemplateText {
  name: string;
  subject: string;
  body: string;
}

/**
 * The product's own wording of the e-mails a building may reword (the spec names the slugs, not the text).
 * Placeholders: {{tenant_name}}, {{property_name}}, {{property_address}}, {{invite_link}}; renewal adds {{lease_end}}.
 */
export const DEFAULT_EMAIL_TEMPLATES: Readonly<Record<EmailTemplateSlug, TemplateText>> = {
  'tenant-invite': {
    name: 'Tenant invitation',
    subject: 'You are invited to {{property_name}}',
    body: [
      'Hello {{tenant_name}},',
      '',
      'You have been added as a tenant of {{property_name}} ({{property_address}}). Create your resident account to ' +
        'message your property manager, report issues and pay rent online:',
      '',
      '{{invite_link}}',
      '',
      'See you there!',
    ].join('\n'),
  },
  'lease-renewal': {
    name: 'Lease renewal',
    subject: 'Your lease at {{property_name}} ends on {{lease_end}}',
    body: [
      'Hello {{tenant_name}},',
      '',
      'Your lease at {{property_address}} ends on {{lease_end}}. We would be glad to renew it: reply to this e-mail ' +
        'and we will send you the new terms.',
      '',
      'Thank you!',
    ].join('\n'),
  },
};

export const EMAIL_TEMPLATE_SLUGS = Object.keys(DEFAULT_EMAIL_TEMPLATES) as EmailTemplateSlug[];

/** Fills `{{name}}` placeholders; an unknown placeholder stays as written, so a typo shows instead of vanishing. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, key: string) => (key in values ? values[key]! : whole));
}

/** The body as sent: the building's signature, when it has one, under it. */
export function withSignature(body: string, signature: string | null | undefined): string {
  const trimmed = signature?.trim();
  return trimmed ? `${body}\n\n${trimmed}` : body;
}
