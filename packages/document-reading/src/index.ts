/**
 * @pm/document-reading: what the vault's processing pipeline reads from a file on disk. Pure functions over paths in
 * a temporary directory the caller owns (no database, bus or object store):
 *
 * - readPdfText: the text layer of each page of a PDF (unpdf).
 * - OcrReader: OCR of images and scanned PDFs (tesseract.js, English data from node_modules, one worker);
 *   needsOcr / pagesNeedingOcr tell which pages of a PDF need it.
 * - convertToPdf: office files to PDF with LibreOffice headless, zip bombs refused first.
 * - extractLeaseFacts / extractDates: deterministic lease facts and dates, each with its page and sentence.
 * - suggestCategory: the keyword fallback for AI categorisation, always one of the given categories or none.
 */
export { ConversionFailedError, DocumentTooComplexError, ToolFailedError, UnreadableDocumentError, type ConversionFailure } from './errors.js';
export { readPdfText, type PdfText, type ReadPdfOptions } from './pdf/read-pdf-text.js';
export { MIN_LETTERS_PER_PAGE, needsOcr, pagesNeedingOcr } from './ocr/needs-ocr.js';
export { englishLanguageDataPath, OcrReader, type OcrPage, type OcrPdfOptions, type OcrResult } from './ocr/ocr-reader.js';
export { convertToPdf, setConversionConcurrency, type ConvertOptions } from './office/convert-to-pdf.js';
export { findSoffice } from './office/find-soffice.js';
export { assertSafeZip, isZipFile, type ZipLimits } from './office/inspect-zip.js';
export { extractDates, type FoundDate, type SourceSpan } from './facts/dates.js';
export { type Money } from './facts/money.js';
export { extractLeaseFacts, type DerivedFact, type Fact, type KeyDate, type LeaseFacts, type NoticePeriod, type StatedFact } from './facts/lease-facts.js';
export { suggestCategory, type CategoryOption, type CategorySuggestion } from './categories/suggest-category.js';
export { listLeaseFacts, type LeaseFactField, type ListedFact, type ListedFactValue } from './facts/fact-list.js';
