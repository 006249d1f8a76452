/** The spec's message (001 §5 Unit), word for word. */
export const messages = { nameRequired: 'Unit name is required' } as const;

export function validateUnitName(name: string | null | undefined): { ok: true; value: string } | { ok: false; message: string } {
  const trimmed = name?.trim() ?? '';
  return trimmed ? { ok: true, value: trimmed } : { ok: false, message: messages.nameRequired };
}
