import { AT_LEAST_ONE_RECIPIENT, BULK_EMAIL_SENT, BULK_MESSAGE_REQUIRED, BULK_SMS_SENT, BULK_SUBJECT_REQUIRED, bulkLimits, can, EMAIL_SENT, portfolioMessages, RECIPIENTS_REQUIRED, TOO_MANY_ATTACHMENTS, type AccessRole } from '@pm/contracts';

/** Spec 001 §5 (validation) and §8 (toasts, loading) for the bulk dialogs and Send E-mail, word for word. */
export const bulkMessages = {
  recipientsRequired: RECIPIENTS_REQUIRED,
  atLeastOneRecipient: AT_LEAST_ONE_RECIPIENT,
  subjectRequired: BULK_SUBJECT_REQUIRED,
  messageRequired: BULK_MESSAGE_REQUIRED,
  invalidEmail: portfolioMessages.invalidEmail,
  bulkEmailSent: BULK_EMAIL_SENT,
  bulkEmailFailed: 'Failed to send bulk email.',
  bulkSmsSent: BULK_SMS_SENT,
  bulkSmsFailed: 'Failed to send bulk sms.',
  emailSent: EMAIL_SENT,
  // The spec's own wording.
  emailFailed: 'Failed to sent email',
  contactsLoadFailed: 'Failed to fetch building contacts.',
  tooManyFiles: TOO_MANY_ATTACHMENTS,
  fileTooLarge: (name: string) => `${name} is larger than ${bulkLimits.attachmentBytes / (1024 * 1024)} MB`,
  skipped: (names: readonly string[]) => `Not sent to ${names.join(', ')}: no phone number.`,
} as const;

/** Who may send from a location: `message:send` (owner, admin, manager). */
export const canSendMessages = (role: AccessRole | undefined) => role !== undefined && can(role, 'message:send');

/** The addresses once each, compared without letter case (spec 001 §5: recipients de-duplicated by e-mail address). */
export function uniqueEmails(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const value of values.map((v) => v.trim()).filter(Boolean)) {
    const key = value.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(value);
  }
  return unique;
}
