import { voiceAnswerLimits, type DraftOutcome } from '@pm/contracts';

export const spokenTexts = {
  urgent: "I understand this is urgent. I've alerted the property team, and someone will contact you as soon as possible.",
  notCovered: "I don't have the answer to that, so I've passed your question to the team; someone will get back to you.",
} as const;

/** Sentences a caller hears in one answer: more is better sent in writing. */
const MAX_SENTENCES = 3;

/**
 * A drafted reply as something to say aloud: no links, list marks or markup (a voice reads them out), at most a few
 * sentences. Urgent turns open with the alert, then the draft's safety step (drafting writes it in code, with or
 * without knowledge behind it); a reply the knowledge does not back is never read out (the holding line says the team
 * has the question).
 */
export function spokenAnswer(draft: { reply: string; urgent: boolean; outcome: DraftOutcome }): string {
  const grounded = draft.outcome === 'model-reply' || draft.outcome === 'cited-answer';
  const said = grounded || draft.urgent ? speakable(draft.reply) : '';
  const text = draft.urgent ? [spokenTexts.urgent, said].filter(Boolean).join(' ') : said || spokenTexts.notCovered;
  return clip(text, voiceAnswerLimits.answer);
}

function speakable(text: string): string {
  const plain = text
    .replace(/https?:\/\/\S+/g, '')
    .replace(/[*_#>`|[\]]/g, '')
    .replace(/^\s*(?:[-•]|\d+[.)])\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentences = plain.match(/[^.!?]+[.!?]+(?:\s|$)|[^.!?]+$/g) ?? [];
  return sentences.slice(0, MAX_SENTENCES).join('').trim();
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return end > 0 ? cut.slice(0, end + 1) : cut.slice(0, max - 1) + '…';
}
