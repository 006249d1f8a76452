/**
 * Text folded for rule matching: lower case, accents removed (so "calefacción" and "calefaccion" match), every run
 * of one repeated letter squeezed to one (so "smel", "smelll" and "smell" all read "smel", "flodded" reads "floded"
 * like "flooded"), anything but letters and digits turned into single spaces, padded with a space on each side.
 * Patterns matched against it are written in the same folded form.
 */
export function foldText(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/(\p{L})\1+/gu, '$1')
    .trim();
  return ` ${plain} `;
}

/** The words of a text, lower case, accents kept (function-word lists are written with them). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean);
}
