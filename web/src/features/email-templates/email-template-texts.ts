/** Spec 001 §8 (loading, word for word) and the product's own words for what the spec leaves unsaid. */
export const emailTemplateTexts = {
  templatesFailed: 'Failed to fetch email templates.',
  signatureFailed: 'Failed to fetch email signature.',
  templateSaved: 'E-mail template saved',
  templateSaveFailed: 'Failed to update email template',
  signatureSaved: 'E-mail signature saved',
  signatureSaveFailed: 'Failed to update email signature',
  placeholders: 'Words in double braces, such as {{tenant_name}}, are filled in for each tenant when the e-mail is sent.',
  ownVersion: 'This building’s version',
  productVersion: 'Default',
  signatureHelp: 'Added under every e-mail sent to this building’s tenants (invitations, renewals, bulk e-mails). Leave it empty for none.',
  readOnly: 'Only the location’s owner, admins and managers can change these.',
} as const;

/** A template the building has not reworded is the product's default, with an id of `default:<slug>`. */
export const isDefaultTemplate = (id: string) => id.startsWith('default:');
