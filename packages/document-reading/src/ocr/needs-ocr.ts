/**
 * A page whose text layer holds fewer letters than this is treated as a scan: a page header or a stamped page number
 * alone must not hide a scanned lease from OCR.
 */
export const MIN_LETTERS_PER_PAGE = 20;

const LETTER = /\p{L}/gu;

/** The 1-based numbers of the pages whose text layer is (nearly) empty, so OCR has to read them. */
export function pagesNeedingOcr(pages: readonly string[], minLetters = MIN_LETTERS_PER_PAGE): number[] {
  return pages.flatMap((text, index) => ((text.match(LETTER)?.length ?? 0) < minLetters ? [index + 1] : []));
}

/** True when any page of the text layer is too thin to be the document's real text. */
export function needsOcr(pages: readonly string[], minLetters = MIN_LETTERS_PER_PAGE): boolean {
  return pagesNeedingOcr(pages, minLetters).length > 0;
}
