import { z } from 'zod';

/** One way to reach a contact (spec 002 §3). */
export const ContactDetailSchema = z.object({
  type: z.enum(['email', 'phone', 'other'], { error: 'Contact detail type must be email, phone or other' }),
  label: z.string().nullable(),
  value: z.string(),
});
export type ContactDetail = z.infer<typeof ContactDetailSchema>;

/** Someone useful for one or more locations (plumber, HOA, utility...): not a user, not a tenant (spec 002 §3). */
export const ContactSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  /** Upper-case with underscores; OTHER when none was given. */
  role: z.string(),
  details: z.array(ContactDetailSchema),
  location_ids: z.array(z.string().min(1)),
});
export type Contact = z.infer<typeof ContactSchema>;

export const contactFixture: Contact = {
  id: '01936f6e-c3d4-7e5f-8a6b-7c8d9e0f1a2b',
  name: 'Sam Rivera',
  role: 'PLUMBER',
  details: [
    { type: 'phone', label: 'Mobile', value: '5551234567' },
    { type: 'email', label: null, value: 'sam@rivera-plumbing.example' },
  ],
  location_ids: ['01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c'],
};
