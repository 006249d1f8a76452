/**
 * How the set and its runner decide that a text states a fact: the same rule for "the knowledge supports this
 * expected fact" (the set's own tests) and "the reply states it" (the runner), so the two cannot drift apart.
 */

/** Case, Unicode forms, typographic quotes and dashes, and spacing never change a fact. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

// Scripts written without spaces (Chinese, Japanese…) are not word characters here: "拨打911" states "911".
const wordChar = /[\p{N}\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
const digit = /\p{N}/u;
const numberSeparator = /[.,]/;

/**
 * Whether `text` contains `fact` as a whole: "$50" is not in "$500", "850" not in "1,850", "3%" not in "2.9%";
 * a plural "s" is allowed ("Thursday" is in "on Thursdays") and so are zero cents ("$50" is in "$50.00"), since
 * replies reword those freely and they never change a number.
 */
export function containsFact(text: string, fact: string): boolean {
  const haystack = normaliseText(text);
  const needle = normaliseText(fact);
  if (needle.length === 0) return false;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (clearBefore(haystack, at, needle) && clearAfter(haystack, at + needle.length, needle)) return true;
  }
  return false;
}

function clearBefore(haystack: string, at: number, needle: string): boolean {
  const first = needle[0]!;
  if (!wordChar.test(first)) return true;
  const before = haystack[at - 1];
  if (before === undefined) return true;
  if (wordChar.test(before)) return false;
  // "1,850": a separator with a digit before it continues the number.
  return !(digit.test(first) && numberSeparator.test(before) && digit.test(haystack[at - 2] ?? ''));
}

function clearAfter(haystack: string, end: number, needle: string): boolean {
  const last = needle[needle.length - 1]!;
  if (!wordChar.test(last)) return true;
  let next = end;
  if (digit.test(last) && /^[.,]00(?!\p{N})/u.test(haystack.slice(next))) next += 3;
  else if (!digit.test(last) && haystack[next] === 's') next += 1;
  const after = haystack[next];
  if (after === undefined) return true;
  if (wordChar.test(after)) return false;
  return !(digit.test(last) && numberSeparator.test(after) && digit.test(haystack[next + 1] ?? ''));
}
