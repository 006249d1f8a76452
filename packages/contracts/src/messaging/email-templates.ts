import { z } from 'zod';
import { limits } from '../portfolio/validation.js';

/** The product's e-mails a building may reword; the defaults are ours, a building's own version replaces one. */
export const EmailTemplateSlugSchema = z.enum(['tenant-invite', 'lease-renewal']);
export type EmailTemplateSlug = z.infer<typeof EmailTemplateSlugSchema>;

/** Spec 001 §3: id, slug, name, subject, body. A default's id is `default:<slug>`. */
export const EmailTemplateSchema = z.object({
  id: z.string().min(1),
  slug: EmailTemplateSlugSchema,
  name: z.string().max(limits.name),
  subject: z.string().max(limits.subject),
  body: z.string().max(limits.body),
});
export type EmailTemplate = z.infer<typeof EmailTemplateSchema>;

export const EmailSignatureSchema = z.object({ signature: z.string().max(limits.signature) });

export const InviteTemplateSchema = z.object({ subject: z.string().max(limits.subject), body: z.string().max(limits.body) });
