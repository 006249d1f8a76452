import { jest } from '@jest/globals';
import { AiRuntime, readAiConfig } from '@pm/ai';
import type { AnswerFact } from '../src/answering/chat-answer.types.js';
import { ChatAnswerer } from '../src/answering/chat-answerer.js';
import { FACT_RELEVANCE_THRESHOLD, FactRanker } from '../src/answering/fact-ranker.js';
import { notCoveredAnswer } from '../src/answering/not-covered-answer.js';
import { findUnsupportedClaims } from '../src/drafting/guards/grounding-check.js';
import { AreaFacts, defaultAreaFactsDir, loadAreaFacts } from '../src/terri/area-facts.js';
import { starterQuestions, terriFacts } from '../src/terri/terri-facts.js';

jest.setTimeout(10 * 60_000);

/**
 * The chats' answering with the real local models: which facts the ranking finds relevant (MiniLM + words, the
 * threshold's calibration), and an answer of the local model, checked for structure, sources and grounding, never
 * its wording.
 */
let ai: AiRuntime;
let ranker: FactRanker;

beforeAll(() => {
  ai = new AiRuntime(readAiConfig());
  ranker = new FactRanker(ai.embeddings);
});

afterAll(async () => {
  await ai?.close();
});

const facts: AnswerFact[] = [
  { id: 'portfolio', kind: 'portfolio', title: 'Your portfolio', text: 'You manage 2 locations: Maple Court and 88 Juniper Court, with 3 buildings and 20 units in all, 16 of them let.' },
  { id: 'location:maple', kind: 'location', title: 'Maple Court', text: 'Maple Court is at 12 Elm St, Boise, ID 83702. It has 2 buildings and 14 units, 11 of them let.' },
  { id: 'location:juniper', kind: 'location', title: '88 Juniper Court', text: '88 Juniper Court is at 88 Juniper Ct, Meridian, ID 83642. It has 1 building and 6 units, 5 of them let.' },
  { id: 'tenants:maple', kind: 'tenant', title: 'Tenants of Maple Court', text: 'Maple Court has 11 tenants: Ana Lopez (unit 1A), Ben Carter (unit 1B), and 9 others.' },
  { id: 'partners', kind: 'partner', title: 'Partners', text: 'Priya Shah is a Manager of every location; Tom Reed is a Maintenance partner of Maple Court.' },
  { id: 'knowledge:trash', kind: 'knowledge', title: 'When is trash collected at Maple Court?', text: 'Trash is collected every Thursday; carts at the curb by 7 AM.' },
];

describe('FactRanker (MiniLM and words)', () => {
  it.each([
    ['How many units do I have?', 'portfolio'],
    ['how many units at maple court', 'location:maple'],
    ['What is the address of Juniper Court?', 'location:juniper'],
    ['who lives in 1B?', 'tenants:maple'],
    ['Who are my partners?', 'partners'],
    ['when is garbage picked up', 'knowledge:trash'],
  ])('finds "%s" covered by %s', async (question, id) => {
    const { relevant, hits } = await ranker.rank(question, facts);
    expect({ question, relevant: relevant.map((hit) => hit.fact.id) }).toEqual({ question, relevant: expect.arrayContaining([id]) });
    expect(hits.length).toBeGreaterThan(0);
  });

  it.each(['What will the weather be in Paris tomorrow?', 'Who won the football game last night?', 'Write me a poem about cats'])(
    'finds nothing relevant for "%s"',
    async (question) => {
      const { hits, relevant } = await ranker.rank(question, facts);
      expect({ question, best: hits[0]!.score < FACT_RELEVANCE_THRESHOLD, relevant }).toEqual({ question, best: true, relevant: [] });
    },
  );
});

describe("Terri's starter questions and area facts (MiniLM and words)", () => {
  const areaFacts = new AreaFacts(loadAreaFacts(defaultAreaFactsDir()));
  const homes = [
    { street: '1460 HARBOR VIEW DR', city: 'SAN DIEGO', state: 'CA', county: null, zipcode: '92101', country: 'US' },
    { street: '618 SE CEDAR ST', city: 'PORTLAND', state: 'OR', county: 'Multnomah', zipcode: '97214', country: 'US' },
    { street: '4127 SYCAMORE LN', city: 'AUSTIN', state: 'TX', county: 'Travis', zipcode: '78745', country: 'US' },
  ];

  it.each(homes)("finds each starter question for a visitor in $city answered by the fact that offers it, or the address", async (property) => {
    const context = { property, residence: null };
    const given = terriFacts(context, [], areaFacts.factsFor(property));
    const offered = new Map(areaFacts.packsFor(property).flatMap((pack) => pack.facts.flatMap((fact) => (fact.question ? [[fact.question, `area:${pack.id}:${fact.id}`] as const] : []))));
    for (const question of starterQuestions(context, [], areaFacts.questionsFor(property), 4)) {
      const { relevant } = await ranker.rank(question, given);
      expect({ question, best: relevant[0]?.fact.id }).toEqual({ question, best: offered.get(question) ?? 'address:home' });
    }
  });

  it.each([
    ['Which bus goes downtown?', 'public-transit'],
    ['Who do I call about a stray dog?', 'animal-services'],
    ['Who collects property taxes?', 'property-tax'],
  ])("answers the topics Terri names (%s) from the city's pack", async (question, id) => {
    for (const property of homes) {
      const { relevant } = await ranker.rank(question, terriFacts({ property, residence: null }, [], areaFacts.factsFor(property)));
      expect({ question, city: property.city, best: relevant[0]?.fact.id }).toEqual({ question, city: property.city, best: expect.stringMatching(new RegExp(`^area:[a-z-]+:${id}$`)) });
    }
  });
});

describe('ChatAnswerer with the local model', () => {
  it('answers a portfolio question from the facts it cites, every claim grounded in them', async () => {
    const answerer = new ChatAnswerer(ai, (question, candidates) => ranker.rank(question, candidates));
    const answer = await answerer.answer({ question: 'How many units does Maple Court have, and how many are let?', facts, audience: 'manager', timeZone: 'America/Boise', now: new Date('2026-11-24T18:00:00Z') });
    expect(answer.language).toBe('en');
    expect(['answered', 'cited-facts']).toContain(answer.outcome);
    expect(answer.sources.map((source) => source.id)).toContain('location:maple');
    const cited = facts.filter((fact) => answer.sources.some((source) => source.id === fact.id));
    expect(findUnsupportedClaims({ reply: answer.answer, sources: cited.map((fact) => `${fact.title}. ${fact.text}`) })).toEqual([]);
    expect(answer.answer).toMatch(/14/);
  });

  it('says plainly that it does not know what no fact covers', async () => {
    const answerer = new ChatAnswerer(ai, (question, candidates) => ranker.rank(question, candidates));
    const answer = await answerer.answer({ question: 'Which bus goes downtown from here?', facts, audience: 'resident', timeZone: 'America/Boise' });
    expect(answer).toEqual({ ...notCoveredAnswer('resident', 'en'), outcome: 'not-covered', sources: [], unsupported: [], stoppedEarly: false });
  });
});
