import { Tag, Tooltip } from 'antd';

export const senderNotVerifiedTexts = {
  tag: 'Sender not verified',
  explanation:
    "The sender's address could not be confirmed (its domain did not sign the e-mail or authorise the server that sent it), so this message is not linked to a tenant. Anyone can write any From address: check before acting on it.",
} as const;

/**
 * Marks a message whose sender was not authenticated (`sender_verified: false`: an e-mail whose From could not be
 * confirmed by SPF, DKIM or DMARC): it is shown as from an unknown sender, and this says why.
 */
export function SenderNotVerifiedTag({ verified }: { verified: boolean }) {
  if (verified) return null;
  return (
    <Tooltip title={senderNotVerifiedTexts.explanation}>
      <Tag color="warning" style={{ marginInlineStart: 8 }}>
        {senderNotVerifiedTexts.tag}
      </Tag>
    </Tooltip>
  );
}
