import { foldText } from '@pm/tenant-triage';

/**
 * What a tenant's question asks, read in code from its English search text: its subject (the things it is about) and
 * its type (when, where, may I, how much, what to do…). Retrieval ranks items by meaning, and meaning is near for
 * "fitness center hours on weekends?" and "quiet hours are 10 PM to 7 AM": only an item about the subject may answer,
 * and only an item of the right kind of fact answers a question of that type ("when" wants a time or a day).
 */
/** `status`: about a case of the tenant's own under way ("fixed the sink yet?"), which no knowledge item answers. */
/** `request`: asks the manager to do something ("can you send someone?", "could you waive the fee?"). */
export type QuestionType = 'status' | 'request' | 'when' | 'where' | 'permission' | 'cost' | 'who' | 'how' | 'other';

/** What a request asks the manager for: money off, someone to come, a thing to use. */
export type RequestKind = 'concession' | 'service' | 'thing';

export interface AnalysedQuestion {
  /** For a request: what it asks for. */
  request?: RequestKind;
  /** Canonical subject terms (see SYNONYMS), every content word of the message. */
  subjects: string[];
  /** Of those, the ones that name what the message is about rather than where (see CONTEXT_WORDS). */
  strong: string[];
  type: QuestionType;
}

export interface Judged {
  answers: boolean;
  /** The message's subject terms the item speaks of. */
  matched: string[];
  /**
   * The item speaks of every strong subject of the message and the question is not a request: code is sure. Otherwise
   * (a subject the item does not name, a request) the caller asks the model whether the item answers.
   */
  sure: boolean;
  /** Why not, for the manager and the logs. */
  reason?: 'other-subject' | 'no-fact-of-that-type';
  /**
   * A request for money off answered by the terms, not the decision: the item states the charge asked about ("a $50
   * late fee after the 5th") and grants nothing. The reply states it and passes the request on; the manager decides.
   */
  passOn?: true;
}

/**
 * Words of one thing under one name, so "gym" finds "fitness center" and "puppy" finds "pets". Folded like the texts
 * (foldText: doubled letters single), singular.
 */
const SYNONYMS: Record<string, string[]> = {
  fitnes: ['gym', 'fitnes', 'workout', 'exercise', 'treadmil', 'weight'],
  pet: ['pet', 'dog', 'cat', 'pupy', 'kiten', 'animal', 'fish', 'bird', 'reptile', 'puppie'],
  trash: ['trash', 'garbage', 'rubish', 'bin', 'cart', 'dumpster', 'refuse', 'waste', 'chute'],
  recycl: ['recycling', 'recycle', 'recyclable', 'cardboard'],
  parking: ['parking', 'park', 'car', 'vehicle', 'spot', 'space', 'garage', 'tow', 'towed', 'permit'],
  package: ['package', 'parcel', 'delivery', 'deliverie', 'amazon', 'ups', 'fedex', 'locker'],
  laundry: ['laundry', 'washer', 'dryer', 'washing', 'wash'],
  pol: ['pol', 'swim', 'swiming', 'hot tub', 'spa'],
  rent: ['rent', 'payment', 'pay', 'paying', 'due', 'late', 'fee', 'portal', 'check', 'ach', 'card'],
  guest: ['guest', 'visitor', 'visiting', 'stay', 'staying', 'overnight', 'company'],
  quiet: ['quiet', 'noise', 'noisy', 'loud', 'music', 'party'],
  smok: ['smoke', 'smoking', 'vape', 'vaping', 'cigarete', 'cigar', 'marijuana', 'cannabis'],
  gril: ['gril', 'bbq', 'barbecue', 'grilling'],
  repair: ['repair', 'fix', 'broken', 'maintenance', 'technician', 'plumber', 'electrician', 'handyman', 'work order'],
  lock: ['lockout', 'locked', 'key', 'fob', 'lock'],
  utility: ['utility', 'utilitie', 'electricity', 'electric', 'power', 'water', 'sewer', 'internet', 'wifi', 'acount', 'bil', 'gas'],
  move: ['move', 'moving', 'mover', 'truck', 'elevator', 'walkthrough', 'walk through', 'inspection'],
  lease: ['lease', 'renew', 'renewal', 'sublet', 'sublease', 'notice', 'terminate', 'break'],
  insurance: ['insurance', 'renter', 'liability', 'policy'],
  storage: ['storage', 'store', 'closet', 'cage'],
  bike: ['bike', 'bicycle', 'scooter'],
  paint: ['paint', 'painting', 'wal', 'nail', 'hang', 'shelve', 'alteration', 'wallpaper', 'mount'],
  deposit: ['deposit'],
  snow: ['snow', 'ice', 'shovel', 'salt', 'plow'],
  lawn: ['lawn', 'yard', 'gras', 'mow', 'mowing', 'landscaping', 'garden', 'sprinkler'],
  pest: ['pest', 'bug', 'roach', 'cockroach', 'mouse', 'mice', 'rat', 'ant', 'termite', 'bedbug'],
  heat: ['heat', 'heating', 'heater', 'furnace', 'boiler', 'thermostat', 'radiator'],
  cooling: ['ac', 'air conditioning', 'air conditioner', 'cooling', 'swamp coler'],
  mail: ['mail', 'mailbox', 'postal'],
  filter: ['filter'],
  detector: ['detector', 'alarm'],
  office: ['ofice', 'leasing', 'manager', 'contact', 'phone', 'email'],
  amenity: ['rof', 'roftop', 'deck', 'lounge', 'clubhouse', 'club', 'patio', 'terace', 'courtyard', 'playground'],
  charger: ['charger', 'charging', 'ev', 'electric vehicle', 'tesla'],
};
const fold = (word: string): string => foldText(word).trim();
const CANONICAL = new Map<string, string>(Object.entries(SYNONYMS).flatMap(([canonical, words]) => words.map((word) => [fold(word), fold(canonical)] as [string, string])));
const PHRASES = [...CANONICAL.keys()].filter((word) => word.includes(' '));

/** Words that say how a question is asked or when, never what about: a shared one proves nothing. */
const STOP_WORDS = new Set(
  (
    'a an the and or but if so to of in on at by for from with about into over under up down out off as is are was were be been being am ' +
    'do does did doing done have has had having can could may might must shal should wil would i me my mine we us our ours you your yours ' +
    'he him his she her it its they them their there here this that these those what which who whom whose when where why how ' +
    'hi hello hey dear thanks thank please pls plz ok okay yes no not any some al every each much many more most les few ' +
    'just also again stil really very too quite get got getting know let tel want need like wondering wonder question ask asking ' +
    'time times hour day days week weeks weekend weekends month months year years today tonight tomorow morning evening night ' +
    'open opening close closing closed alowed alow permited ok fine rule rules policy cost costs price much charge ' +
    'thing things stuf something anything one someone somebody anyone place area rom building unit apartment apt house home ' +
    'center centre property complex here there now soon yet already best regards sent iphone lol u ur im ive id dont doesnt isnt ' +
    'go going come coming take use using put make see look new old other same next last first sure able way request ' +
    'two thre four five six seven eight nine ten would like love hope wanted trying try said says guys folks ' +
    'monday tuesday wednesday thursday friday saturday sunday arive ariving arives leave leaving stay staying ' +
    // Verbs and words of a story, never what a question is about ("I forgot my key", "he weighs 35 kg").
    'forgot forget saw seen notice noticed found think thought wonder hear heard bring brought weigh weighs kg lb lbs ' +
    'pounds feet inches big smal little large good bad great nice awful terible quick early plan planning ahead ' +
    'mr mrs ms sir madam morning afternoon evening hapen hapened hapening realy actualy maybe probably thing anyway'
  )
    .split(' ')
    .map(fold),
);

/**
 * Where, not what: "a satellite dish on the balcony" is about the dish, and the grill item that names balconies does
 * not answer it. Such a word counts only when the message names nothing else.
 */
const CONTEXT_WORDS = new Set(
  'balcony patio porch kitchen bathroom bedroom living hallway hall lobby dor window wal flor ceiling front back yard outside inside stairs stairwell basement atic roof lot street sidewalk entrance driveway garage car sister brother mom dad mother father friend son daughter wife husband kid kids family boyfriend girlfriend partner roommate neighbor'
    .split(' ')
    .map(fold),
);

const TYPES: [QuestionType, RegExp][] = [
  ['request', /\b(can|could|would|will) (you|someone|somebody|u) (please |pls |plz )?(send|give|take|waive|lower|reduce|fix|come|get|let|provide|make|do|help|call|check|add|change|replace|instal|move|refund|credit|discount|lend|reserve|hold)\b|\b(can|could|may) (i|we) (get|have|receive) (a |an |some |one |my )?(\w+ )?(fre|discount|credit|refund|break|reduction|waiver|lower rent|rent reduction)\b/],
  ['status', /\b(yet|any update|an update|update on|status of|stil waiting|been (\d+|two|thre|four|five|a few|several) (days|weeks)|when (wil|is) (someone|somebody|the (plumber|technician|repair|repairman|electrician|handyman))|did (you|someone|anyone|you guys) (fix|get|send|receive|look))\b/],
  // "When can I pick it up?" asks when, not whether.
  ['permission', /(?<!\b(when|where|how|what|which|who|why|what time) )\b(can|may|could) (i|we|my|our|you let me|guests?|visitors?|he|she|they)\b|\b(is|are) (it|we|i|they|pets?|dogs?|cats?)( \w+)? (alowed|permited|ok|okay|fine)\b|\b(am i|are we) alowed\b|\b(alowed|permited|is it ok|is that ok|is it okay|is that okay|mind if)\b/],
  ['cost', /\b(how much|what does it cost|what is the (fee|cost|price|charge)|what s the (fee|cost|price)|fee|fees|cost|price|charge|deposit)\b/],
  ['when', /\b(when|what time|which day|what day|what days|how late|how early|hours|schedule|scheduled|how often|how long)\b/],
  ['where', /\b(where|which (door|entrance|rom|floor|spot|lot|bin|cart))\b/],
  ['who', /\b(who|whom|whose|which company)\b/],
  ['how', /\b(how (do|can|should|to)|what (do|should) i do|what is the proces|steps?)\b/],
];

/** Singular, lightly: "dogs" → "dog", "packages" → "package", "utilities" → "utilitie". */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return word.slice(0, -1);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** The canonical terms a text speaks of; every other content word counts as itself. */
export function termsOf(text: string): Set<string> {
  // A greeting's name ("Hi Dana,") is whom the message is to, not what it is about.
  let folded = foldText(text).replace(/ (hi|hey|hello|helo|dear|good morning|good afternoon|good evening) [a-z]+ /g, ' ');
  const terms = new Set<string>();
  for (const phrase of PHRASES) {
    if (folded.includes(` ${phrase} `)) {
      terms.add(CANONICAL.get(phrase)!);
      folded = folded.replaceAll(` ${phrase} `, ' ');
    }
  }
  for (const raw of folded.trim().split(' ')) {
    if (raw.length < 2 || /^\d/.test(raw)) continue;
    const word = singular(raw);
    const canonical = CANONICAL.get(word) ?? CANONICAL.get(raw);
    if (canonical) terms.add(canonical);
    else if (!STOP_WORDS.has(word) && !STOP_WORDS.has(raw)) terms.add(word);
  }
  return terms;
}

export function analyseQuestion(englishText: string): AnalysedQuestion {
  const folded = foldText(englishText);
  const type = TYPES.find(([, pattern]) => pattern.test(folded))?.[0] ?? 'other';
  const subjects = [...termsOf(englishText)];
  const strong = subjects.filter((term) => !CONTEXT_WORDS.has(term));
  const request = type === 'request' ? REQUESTS.find(([, pattern]) => pattern.test(folded))?.[0] : undefined;
  return { subjects, strong: strong.length > 0 ? strong : subjects, type, ...(request ? { request } : {}) };
}

/** The three things a request asks for, by its verb and object (folded). */
const REQUESTS: [RequestKind, RegExp][] = [
  ['concession', /\b(waive|lower|reduce|discount|credit|refund|take \S+ of|\$?\d+ of|fre|for fre|break on|prorate|cut)\b/],
  ['thing', /\b(send|give|email|mail|text) (me|us)\b|\b(give|provide|lend|reserve|hold|get me|add|make|copy|copies)\b/],
  ['service', /\b(send|come|fix|check|look at|replace|instal|repair|help|cal|shovel|mow|clean|remove|unclog)\b/],
];
/** What an item must say to answer each kind of request: that it is done, and how. */
const REQUEST_ANSWERS: Record<RequestKind, RegExp> = {
  concession: /\b(waive|waived|credit|credits|discount|discounts|reduced|reduction|refund|refunds|prorated|abatement|concesion|concesions)\b/,
  // Someone comes, or the item says who does it ("the tenant clears snow within 24 hours" answers "can you shovel?").
  service: /\b(repair|repairs|technician|maintenance|send|schedule|come|visit|vendor|contractor)\b|\b(tenant|tenants|resident|residents|you|owner|we) (is |are )?(responsible|must|should|clear|clears|mow|mows|shovel|shovels|take care|takes care|handle|handles)\b/,
  thing: /\b(available|provide|provided|provides|reserve|borow|lend|ofer|ofered|to rent|for rent|can be rented|copies|copy|download|for \$?\d+)\b/,
};

function grantsRequest(kind: RequestKind | undefined, itemText: string): boolean {
  return kind === undefined || REQUEST_ANSWERS[kind].test(itemText);
}

/** An amount an item charges, in its text as written (folding drops "$"): "$50", "35 dollars", "10%", "no fee", "free". */
const STATES_CHARGE = /\$\s?\d|\b\d+(?:[.,]\d+)?\s?(?:dollars|usd|percent|%)|\bno (?:fee|charge|cost)\b|\bfree\b/iu;

/** Facts of each question type's kind, in an item's English text (folded). */
const FACT_OF_TYPE: Partial<Record<QuestionType, RegExp>> = {
  when: /\b(\d{1,2}( \d{2})? ?(am|pm|a m|p m)|\d{1,2}:\d{2}|noon|midnight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekdays?|weekends?|daily|every|each|morning|evening|night|hours|\d+(st|nd|rd|th)|january|february|march|april|may|june|july|august|september|october|november|december|days?|weeks?|months?|within|before|after|by|until|\d+ ?(hours|days|minutes))\b/,
  cost: /\$|\b(\d+|fre|no fee|no charge|fee|cost|included|charge|percent)\b/,
  permission: /\b(alowed|permited|permision|may|can|canot|can t|not|no|never|only|prohibited|forbidden|banned|must|aproval|aproved|welcome|ok|not alowed|up to|limit|with written)\b/,
};

/**
 * Whether an item answers the question: it speaks of the question's subject (a term of the message in its title or
 * text), and holds a fact of the kind the question asks for. A message without a subject of its own ("hello?",
 * "what about the other thing?") is answered by nothing in code: the caller defers.
 */
export function judgeItem(question: AnalysedQuestion, item: { title: string; body: string }): Judged {
  if (question.type === 'status') return { answers: false, matched: [], sure: true, reason: 'no-fact-of-that-type' };
  const itemTerms = termsOf(`${item.title}\n${item.body}`);
  const matched = question.strong.filter((term) => itemTerms.has(term));
  if (matched.length === 0) return { answers: false, matched, sure: true, reason: 'other-subject' };
  if (question.type === 'request' && !grantsRequest(question.request, foldText(`${item.title} ${item.body}`))) {
    if (question.request === 'concession' && STATES_CHARGE.test(`${item.title} ${item.body}`)) return { answers: true, matched, sure: false, passOn: true };
    return { answers: false, matched, sure: true, reason: 'no-fact-of-that-type' };
  }
  const fact = FACT_OF_TYPE[question.type];
  if (fact && !fact.test(foldText(`${item.title} ${item.body}`))) return { answers: false, matched, sure: true, reason: 'no-fact-of-that-type' };
  return { answers: true, matched, sure: question.type !== 'request' && matched.length === question.strong.length };
}
