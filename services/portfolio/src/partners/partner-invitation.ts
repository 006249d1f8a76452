import type { OutgoingMail } from '@pm/mail';
import { type PartnerRole } from '@pm/contracts';

const roleNames: Record<PartnerRole, string> = {
  ADMIN: 'an admin',
  MANAGER: 'a manager',
  VENDOR: 'a vendor',
  MEMBER: 'a member',
  VIEWER: 'a viewer',
};

/**
 * The invitation a new partner gets. The link goes to sign-in when they already have an account with this e-mail,
 * else to sign-up with the address filled in; once signed in they see the shared location in their list.
 */
export function partnerInvitation(input: {
  to: string;
  fullName: string;
  role: PartnerRole;
  locationName: string;
  publicWebUrl: string;
  hasAccount: boolean;
}): OutgoingMail {
  const base = input.publicWebUrl.replace(/\/$/, '');
  const link = input.hasAccount ? `${base}/login` : `${base}/signup?email=${encodeURIComponent(input.to)}`;
  const action = input.hasAccount ? 'Sign in to get started' : 'Create your account to get started';
  const subject = `You've been invited to ${input.locationName}`;
  const text = [
    `Hi ${input.fullName},`,
    '',
    `You have been added as ${roleNames[input.role]} of the property ${input.locationName}.`,
    `${action}: ${link}`,
    '',
    'If you did not expect this invitation, you can ignore this e-mail.',
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(input.fullName)},</p>`,
    `<p>You have been added as ${roleNames[input.role]} of the property <strong>${escapeHtml(input.locationName)}</strong>.</p>`,
    `<p><a href="${escapeHtml(link)}">${action}</a></p>`,
    '<p>If you did not expect this invitation, you can ignore this e-mail.</p>',
  ].join('\n');
  return { to: input.to, subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
