/**
 * What a chat answer's JSON (`{ "sourceIds": [...], "answer": "..." }`, written by the model token by token) says so
 * far: the ids once their list is closed, and the answer's text as far as it is written (JSON escapes decoded; an
 * escape cut in two is left for the next read). Whitespace between tokens is whatever the grammar let the model write.
 */
export interface PartialAnswer {
  sourceIds: string[] | undefined;
  answer: string | undefined;
  /** The answer's string was closed by its quote. */
  answerClosed: boolean;
}

export function readPartialAnswer(json: string): PartialAnswer {
  return { sourceIds: sourceIdsOf(json), ...answerOf(json) };
}

function sourceIdsOf(json: string): string[] | undefined {
  const list = /"sourceIds"\s*:\s*(\[[^\]]*\])/.exec(json)?.[1];
  if (list === undefined) return undefined;
  try {
    const ids: unknown = JSON.parse(list);
    return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? ids : undefined;
  } catch {
    return undefined;
  }
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function answerOf(json: string): { answer: string | undefined; answerClosed: boolean } {
  const opening = /"answer"\s*:\s*"/.exec(json);
  if (!opening) return { answer: undefined, answerClosed: false };
  let answer = '';
  let at = opening.index + opening[0].length;
  while (at < json.length) {
    const char = json[at]!;
    if (char === '"') return { answer, answerClosed: true };
    if (char !== '\\') {
      answer += char;
      at += 1;
      continue;
    }
    const kind = json[at + 1];
    if (kind === undefined) break;
    if (kind === 'u') {
      const hex = json.slice(at + 2, at + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) break;
      answer += String.fromCharCode(Number.parseInt(hex, 16));
      at += 6;
      continue;
    }
    answer += ESCAPES[kind] ?? kind;
    at += 2;
  }
  // A lone high surrogate waits for its pair.
  return { answer: /[\uD800-\uDBFF]$/.test(answer) ? answer.slice(0, -1) : answer, answerClosed: false };
}

/** The text up to its last whole word, for showing an answer while it is written (no half words flicker by). */
export function wholeWords(text: string): string {
  // Chinese is written without spaces: each character is a word.
  if (/\p{Script=Han}$/u.test(text)) return text;
  const lastSpace = Math.max(text.lastIndexOf(' '), text.lastIndexOf('\n'));
  return lastSpace === -1 ? '' : text.slice(0, lastSpace).trimEnd();
}
