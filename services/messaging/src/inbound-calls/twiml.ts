/** TwiML for the voice webhooks: a few verbs, every spoken text escaped. */

const VOICE = { voice: 'Polly.Joanna', language: 'en-US' } as const;

export const voiceTexts = {
  notInService: "We're sorry, the number you have called is not in service. Please check the number and try again. Goodbye.",
  greeting: (locationName: string | null) =>
    `Thank you for calling ${locationName ?? 'the property office'}. This is the building's virtual assistant. How can I help you today?`,
  anythingElse: 'Is there anything else I can help you with?',
  goodbye: 'Thank you for calling. Goodbye.',
  holding: "I've passed your message to the team; someone will get back to you.",
  notHeard: "I'm sorry, I didn't catch that.",
} as const;

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

export function say(text: string): string {
  return `<Say voice="${VOICE.voice}" language="${VOICE.language}">${escapeXml(text)}</Say>`;
}

/** Listens for speech; when the caller says nothing, TwiML goes on to the verbs after it (a goodbye). */
export function gather(prompt: string | null): string {
  return `<Gather input="speech" action="/voice/gather" method="POST" speechTimeout="auto" language="${VOICE.language}">${prompt ? say(prompt) : ''}</Gather>`;
}

export function twiml(...verbs: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${verbs.join('')}</Response>`;
}

export const hangUp = (): string => twiml(say(voiceTexts.goodbye), '<Hangup/>');
