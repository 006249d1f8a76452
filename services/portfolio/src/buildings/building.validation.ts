/** The spec's messages (001 §5 Building; §5 Invite for the template fields), word for word. */
export const messages = {
  nameRequired: 'Building name is required',
  locationRequired: 'Property Location is required',
  addressRequired: 'Building address is required',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
} as const;

type Result<T> = { ok: true; value: T } | { ok: false; message: string };

/** In form order: name, property location, address. */
export function validateNewBuilding(input: {
  name?: string | null;
  property_location_id?: string | null;
  address_text?: string | null;
}): Result<{ name: string; propertyLocationId: string; addressText: string }> {
  const name = input.name?.trim() ?? '';
  if (!name) return { ok: false, message: messages.nameRequired };
  const propertyLocationId = input.property_location_id?.trim() ?? '';
  if (!propertyLocationId) return { ok: false, message: messages.locationRequired };
  const addressText = input.address_text?.trim() ?? '';
  if (!addressText) return { ok: false, message: messages.addressRequired };
  return { ok: true, value: { name, propertyLocationId, addressText } };
}

/** An e-mail's subject and body (a building's template, an invitation): both required, kept as written. */
export function validateEmailText(input: { subject?: string | null; body?: string | null }): Result<{ subject: string; body: string }> {
  const subject = input.subject?.trim() ?? '';
  if (!subject) return { ok: false, message: messages.subjectRequired };
  if (!input.body?.trim()) return { ok: false, message: messages.messageRequired };
  return { ok: true, value: { subject, body: input.body } };
}
