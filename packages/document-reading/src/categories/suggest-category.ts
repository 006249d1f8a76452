export interface CategoryOption {
  id: string | number;
  name: string;
  /** Extra words or phrases that point to this category; the name's own words always count. */
  keywords?: readonly string[];
}

export interface CategorySuggestion<Id> {
  categoryId: Id;
  /** Weighted count of keyword hits; higher is surer. */
  score: number;
  /** The keywords found, with how often, strongest first. */
  evidence: { keyword: string; count: number }[];
  /**
   * `title`: the document's title names this category's type alone ("RESIDENTIAL LEASE AGREEMENT"), which no count of
   * words in its body overrules (a lease with a long renters-insurance clause is a lease). `keywords`: counted words.
   */
  decidedBy: 'title' | 'keywords';
}

/**
 * Words that usually mark a property-management document type, used when a category's name (or one of its words)
 * is one of these keys: the vault's categories are its own, and a category without such a word relies on its name
 * and its keywords alone.
 */
const VOCABULARY: Record<string, readonly string[]> = {
  lease: ['lease agreement', 'rental agreement', 'residential lease', 'landlord', 'tenant', 'security deposit', 'monthly rent', 'term of', 'premises', 'lessor', 'lessee'],
  inspection: ['inspection', 'inspector', 'move-in inspection', 'move-out inspection', 'condition report', 'smoke detector', 'checklist'],
  invoice: ['invoice', 'amount due', 'bill to', 'invoice number', 'subtotal', 'payment terms', 'remit'],
  receipt: ['receipt', 'paid', 'payment received', 'thank you for your payment', 'transaction'],
  insurance: ['insurance', 'policy number', 'insured', 'premium', 'coverage', 'deductible', 'liability', 'certificate of insurance'],
  maintenance: ['repair', 'maintenance', 'work order', 'plumbing', 'hvac', 'technician', 'service call', 'leak'],
  notice: ['notice', 'hereby notified', 'notice to vacate', 'notice to quit', 'pay or quit', 'eviction'],
  tax: ['property tax', 'assessment', 'assessed value', 'tax bill', 'parcel', 'county treasurer', '1099', 'w-9'],
  utility: ['utility', 'electricity', 'water bill', 'gas bill', 'kwh', 'meter reading', 'account number'],
  contract: ['agreement', 'contract', 'parties', 'hereby agree', 'signature', 'terms and conditions'],
  application: ['rental application', 'applicant', 'employment history', 'previous address', 'references', 'credit check'],
  identification: ['driver license', "driver's license", 'passport', 'date of birth', 'identification'],
  photo: ['photo', 'photograph', 'image'],
  legal: ['court', 'plaintiff', 'defendant', 'judgment', 'attorney', 'summons', 'eviction'],
  financial: ['statement', 'balance', 'bank', 'ledger', 'income', 'expenses'],
};

/** How a document's title names its type, for the same keys as VOCABULARY. */
const TITLE_WORDS: Record<string, readonly string[]> = {
  lease: ['lease', 'rental agreement', 'tenancy agreement', 'rental contract', 'month-to-month'],
  inspection: ['inspection', 'condition report', 'move-in checklist', 'move-out checklist', 'walk-through'],
  invoice: ['invoice'],
  receipt: ['receipt'],
  insurance: ['insurance', 'certificate of insurance', 'policy declarations', 'declarations page'],
  maintenance: ['work order', 'maintenance request', 'repair request'],
  notice: ['notice'],
  tax: ['tax bill', 'tax statement', 'property tax', 'assessment notice'],
  utility: ['utility bill', 'electric bill', 'water bill', 'gas bill', 'statement of service'],
  contract: ['contract', 'service agreement', 'management agreement', 'vendor agreement'],
  identification: ["driver's license", 'driver license', 'passport', 'identification card'],
};

const STOP_WORDS = new Set(['and', 'or', 'the', 'of', 'a', 'an', 'for', 'other', 'misc', 'miscellaneous', 'documents', 'document', 'files', 'file']);
/**
 * The category's own name found in the text counts this much more than one keyword; said again, it adds as a keyword
 * does (a lease's insurance clause says "insurance" a dozen times without making it an insurance policy).
 */
const NAME_WEIGHT = 3;
/** Below this the evidence is too thin to file a document by. */
const MIN_SCORE = 3;
/** The title's few lines: at most this many, each a heading rather than body text. */
const TITLE_LINES = 3;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function occurrences(haystack: string, phrase: string): number {
  const needle = phrase.trim().toLowerCase();
  if (needle.length < 2) return 0;
  return haystack.match(new RegExp(String.raw`(?<![\p{L}\d])${escape(needle)}s?(?![\p{L}\d])`, 'gu'))?.length ?? 0;
}

function singular(word: string): string {
  return word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/**
 * The keyword fallback for the AI categoriser: picks one of the given categories by its title (the document's first
 * heading lines naming one category's type), else by counting its name and keywords in the text. Returns undefined
 * when nothing scores enough or two categories tie, and never an id outside the list.
 */
export function suggestCategory<Id extends string | number>(
  text: string,
  categories: readonly (CategoryOption & { id: Id })[],
): CategorySuggestion<Id> | undefined {
  const haystack = text.toLowerCase();
  const title = titleOf(haystack);
  const scored = categories.map((category) => {
    const name = category.name.trim().toLowerCase();
    const words = name.split(/[^\p{L}\d-]+/u).filter((word) => word.length > 1 && !STOP_WORDS.has(word));
    const keywords = new Set<string>([...(category.keywords ?? []).map((keyword) => keyword.toLowerCase()), ...words]);
    for (const word of words) for (const keyword of VOCABULARY[singular(word)] ?? []) keywords.add(keyword);
    const titleWords = [name, ...words.flatMap((word) => TITLE_WORDS[singular(word)] ?? [])];
    const evidence: { keyword: string; count: number }[] = [];
    let score = 0;
    const nameHits = occurrences(haystack, name);
    if (nameHits > 0) {
      evidence.push({ keyword: name, count: nameHits });
      score += NAME_WEIGHT + Math.log2(nameHits);
    }
    for (const keyword of keywords) {
      if (keyword === name) continue;
      const hits = occurrences(haystack, keyword);
      if (hits === 0) continue;
      evidence.push({ keyword, count: hits });
      // Repetition adds less than variety: ten "tenant"s are weaker evidence than "tenant", "premises" and "lease".
      score += 1 + Math.log2(hits);
    }
    evidence.sort((a, b) => b.count - a.count || a.keyword.localeCompare(b.keyword));
    const titled = titleWords.some((word) => occurrences(title, word) > 0);
    return { categoryId: category.id, score: Math.round(score * 100) / 100, evidence, titled };
  });
  const titled = scored.filter((candidate) => candidate.titled);
  if (titled.length === 1) return suggestion(titled[0]!, 'title');
  // Titled by several ("LEASE VIOLATION NOTICE") or none: the words of the whole text decide, among the titled ones first.
  const pool = titled.length > 1 ? titled : scored;
  pool.sort((a, b) => b.score - a.score);
  const [best, runnerUp] = pool;
  if (!best || best.score < MIN_SCORE || (runnerUp && runnerUp.score === best.score)) return undefined;
  return suggestion(best, 'keywords');
}

function suggestion<Id>({ categoryId, score, evidence }: { categoryId: Id; score: number; evidence: CategorySuggestion<Id>['evidence'] }, decidedBy: CategorySuggestion<Id>['decidedBy']): CategorySuggestion<Id> {
  return { categoryId, score, evidence, decidedBy };
}

/** The document's first lines while they read as headings (short, no full stop): its title, in lower case. */
function titleOf(text: string): string {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (trimmed.length > 80 || /[.!?;:]\s/.test(trimmed) || /[.;:]$/.test(trimmed) || lines.length === TITLE_LINES) break;
    lines.push(trimmed);
  }
  return lines.join('\n');
}
