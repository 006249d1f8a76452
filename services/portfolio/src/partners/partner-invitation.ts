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
 * The invitation e-mail of a partner. It reads the same whether or not the address has an account (the link's page
 * asks them to sign in or sign up with this address, then to accept or decline), so nothing is told about accounts.
 */
export function partnerInvitation(input: {
  to: string;
  fullName: string;
  role: PartnerRole;
  locationName: string;
  inviterEmail: string | null;
  publicWebUrl: string;
  token: string;
  expiresAt: Date;
}): OutgoingMail {
  const base = input.publicWebUrl.replace(/\/$/, '');
  const link = `${base}/partner-invitation/${input.token}?email=${encodeURIComponent(input.to)}`;
  const inviter = input.inviterEmail ? `${input.inviterEmail} has invited you` : 'You have been invited';
  const expires = input.expiresAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const subject = `You've been invited to ${input.locationName}`;
  const text = [
    `Hi ${input.fullName},`,
    '',
    `${inviter} to join the property ${input.locationName} as ${roleNames[input.role]}.`,
    `Review and accept the invitation: ${link}`,
    `The link works until ${expires}. You will be asked to sign in, or to create an account, with this e-mail address.`,
    '',
    'If you did not expect this invitation, you can ignore this e-mail or decline it from the link.',
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(input.fullName)},</p>`,
    `<p>${escapeHtml(inviter)} to join the property <strong>${escapeHtml(input.locationName)}</strong> as ${roleNames[input.role]}.</p>`,
    `<p><a href="${escapeHtml(link)}">Review the invitation</a></p>`,
    `<p>The link works until ${expires}. You will be asked to sign in, or to create an account, with this e-mail address.</p>`,
    '<p>If you did not expect this invitation, you can ignore this e-mail or decline it from the link.</p>',
  ].join('\n');
  return { to: input.to, subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
