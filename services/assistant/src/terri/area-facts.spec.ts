import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AreaFacts, defaultAreaFactsDir, InvalidAreaFactsError, loadAreaFacts } from './area-facts.js';
import { ADDRESS_QUESTION, starterQuestions, terriFacts } from './terri-facts.js';
import type { ChatAskerContext } from './chat-message.entity.js';
import type { KnowledgeItem } from '../knowledge/knowledge-item.entity.js';

function packsIn(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'area-facts-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const home = (city: string, state: string): ChatAskerContext => ({
  property: { street: '618 SE CEDAR ST', city, state, county: null, zipcode: '97214', country: 'US' },
  residence: null,
});

describe("the packs shipped for the demo's cities", () => {
  const packs = loadAreaFacts(defaultAreaFactsDir());
  const facts = new AreaFacts(packs);

  it('load, and every fact names its public source (an https page or a statute) or is marked sample data', () => {
    expect(packs.map((pack) => pack.id).sort()).toEqual(['austin-tx', 'portland-or', 'san-diego-ca', 'us-ca', 'us-or', 'us-tx']);
    for (const fact of packs.flatMap((pack) => pack.facts)) {
      expect(fact.sample === true || (fact.source !== undefined && fact.source.name.length > 0)).toBe(true);
      if (fact.source?.url !== undefined) expect(fact.source.url).toMatch(/^https:\/\//);
    }
  });

  it.each([
    ['San Diego', 'CA', ['us-ca', 'san-diego-ca']],
    ['Portland', 'OR', ['us-or', 'portland-or']],
    ['AUSTIN', 'TX', ['us-tx', 'austin-tx']],
    ['Salem', 'OR', ['us-or']],
    ['Portland', 'ME', []],
  ])("gives a home in %s, %s its state's and its city's packs", (city, state, ids) => {
    expect(facts.packsFor({ city, state }).map((pack) => pack.id)).toEqual(ids);
  });

  it('offers each demo city a trash question and its state a tenant-law question, city first', () => {
    for (const [city, state] of [['San Diego', 'CA'], ['Portland', 'OR'], ['Austin', 'TX']] as const) {
      const questions = facts.questionsFor({ city, state });
      expect(questions[0]).toBe('How often is trash collected here?');
      expect(questions).toContain('When must my landlord return my security deposit?');
    }
  });

  it("gives Terri the area's facts (cited with their source's page) after the address, only for someone with a home", () => {
    const portland = home('PORTLAND', 'OR');
    const given = terriFacts(portland, [], facts.factsFor(portland.property));
    expect(given[0]!.id).toBe('address:home');
    expect(given.find((fact) => fact.id === 'area:portland-or:trash-recycling-collection')).toMatchObject({ kind: 'area', link: 'https://www.portland.gov/bps/garbage-recycling' });
    expect(terriFacts(null, [], facts.factsFor(null))).toEqual([]);
  });
});

describe('starter questions', () => {
  const questions = ['How often is trash collected here?', 'When must my landlord return my security deposit?', 'How much notice must my landlord give before entering my home?'];
  const qa = (title: string): KnowledgeItem => ({ kind: 'question', title }) as KnowledgeItem;

  it("are the area's questions and the address question for a visitor: four, the address last", () => {
    expect(starterQuestions(home('Portland', 'OR'), [], questions, 4)).toEqual([...questions, ADDRESS_QUESTION]);
  });

  it("put a vouched resident's own manager's questions first (two at most), never a rule", () => {
    const resident: ChatAskerContext = { ...home('Portland', 'OR'), residence: { location_id: 'l-1', name: 'Cedar Street Fourplex', address_text: '618 SE Cedar Street', unit_name: '2' } };
    const knowledge = [qa('Which day is trash day?'), { kind: 'rule', title: 'Noise complaints' } as KnowledgeItem, qa('Is there parking?'), qa('Can I paint?')];
    expect(starterQuestions(resident, knowledge, questions, 4)).toEqual(['Which day is trash day?', 'Is there parking?', questions[0], ADDRESS_QUESTION]);
  });

  it('are only the address question where Terri knows nothing of the area, and none before there is a home', () => {
    expect(starterQuestions(home('Springfield', 'IL'), [], [], 4)).toEqual([ADDRESS_QUESTION]);
    expect(starterQuestions({ property: null, residence: null }, [], questions, 4)).toEqual([]);
  });
});

describe('loading packs', () => {
  it('reads YAML and JSON, a sample fact named as such on its chip', () => {
    const dir = packsIn({
      'springfield-il.yaml': 'area: { name: Springfield, state: IL, cities: [Springfield] }\nfacts:\n  - { id: trash, title: Trash day, text: Trash is collected on Mondays., question: When is trash day?, sample: true }\n',
      'us-il.json': JSON.stringify({ area: { name: 'Illinois', state: 'IL' }, facts: [{ id: 'deposit', title: 'Deposits', text: 'A deposit is returned within 45 days.', source: { name: 'Illinois statute' } }] }),
    });
    const facts = new AreaFacts(loadAreaFacts(dir));
    expect(facts.factsFor({ city: 'Springfield', state: 'IL' }).map((fact) => [fact.id, fact.title])).toEqual([
      ['area:us-il:deposit', 'Deposits'],
      ['area:springfield-il:trash', 'Trash day (sample data)'],
    ]);
  });

  it('refuses, naming each file and every problem, a pack with a fact of no source, an http link, a bad state and a repeated id', () => {
    const dir = packsIn({
      'bad.yaml': [
        'area: { name: Nowhere, state: oregon }',
        'facts:',
        '  - { id: trash, title: Trash day, text: Trash is collected on Mondays. }',
        '  - { id: trash, title: Buses, text: The bus runs hourly downtown., source: { name: Transit, url: "http://transit.example" } }',
      ].join('\n'),
      'broken.yaml': 'area: [unclosed',
    });
    const error = (() => {
      try {
        loadAreaFacts(dir);
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('loaded');
    })();
    expect(error).toBeInstanceOf(InvalidAreaFactsError);
    expect(error.message).toContain('bad.yaml: area.state: state must be a two-letter US state code such as OR');
    expect(error.message).toContain('bad.yaml: facts.0: a fact names its public source (source) or is marked sample: true, not both');
    expect(error.message).toContain('bad.yaml: facts.1.source.url: url must be an https address');
    expect(error.message).toContain('bad.yaml: facts: fact ids must be unique within a pack');
    expect(error.message).toContain('broken.yaml:');
  });

  it('refuses a folder that does not exist', () => {
    expect(() => loadAreaFacts(join(tmpdir(), 'no-such-area-facts'))).toThrow('the folder');
  });
});
