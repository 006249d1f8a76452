/**
 * The text-only part of the library (`@pm/document-reading/facts`): sentences, dates, money, lease facts and the
 * keyword categoriser, for readers of text that has no file to open (the assistant reads a document's pages from an
 * event) and should not load PDF, OCR or LibreOffice code.
 */
export { splitSentences, type Sentence } from './sentences.js';
export { addDays, addMonths, datesInSentence, extractDates, type FoundDate, type SourceSpan } from './dates.js';
export { moneyInSentence, type FoundMoney, type Money } from './money.js';
export { extractLeaseFacts, type DerivedFact, type Fact, type KeyDate, type LeaseFacts, type NoticePeriod, type StatedFact } from './lease-facts.js';
export { deadlineBefore } from './lease/notice.js';
export { isPartyName } from './lease/parties.js';
export { leaseFieldIn, type PointableField } from './lease/field-in-sentence.js';
export { suggestCategory, type CategoryOption, type CategorySuggestion } from '../categories/suggest-category.js';
export { listLeaseFacts, MONTH_TO_MONTH_TEXT, NOTICE_DEADLINE_LABEL, type LeaseFactField, type ListedFact, type ListedFactValue } from './fact-list.js';
