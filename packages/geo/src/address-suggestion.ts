import { z } from 'zod';

/** One address the user can pick: the shape the BFF's `address/*` routes answer with, whatever the provider. */
export const AddressSuggestionSchema = z.object({
  id: z.string().min(1),
  label: z.string().min(1),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  county: z.string().optional(),
  country: z.literal('US'),
  lat: z.number(),
  lng: z.number(),
  /**
   * How exactly lat/lng place the address: 'zipcode' when they are the centre of its ZIP code because the provider
   * cannot place streets (the offline search), so the form can say so; absent when the provider placed the address.
   */
  precision: z.enum(['zipcode']).optional(),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestionSchema>;
