import { messagingLimits } from '@pm/contracts';

/**
 * A group member's text as the other members receive it, the way a group text shows who wrote: "<name or phone>:
 * <text>". Media stays in the conversation (the outbox carries SMS text), so the relay says how much was left out.
 * The whole fits one SMS send (Twilio's 1,600 characters): a long text is cut with an ellipsis, never the sender.
 */
export function relayText(sender: string, body: string, mediaCount: number): string {
  const media = mediaCount === 0 ? '' : ` [${mediaCount} attachment${mediaCount === 1 ? '' : 's'} not forwarded]`;
  const prefix = `${sender}: `;
  const room = messagingLimits.smsBody - prefix.length - media.length;
  const text = body.length > room ? `${body.slice(0, room - 1)}…` : body;
  return `${prefix}${text}${media}`;
}
