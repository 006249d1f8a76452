import type { BaseMessage } from '@langchain/core/messages';
import { AiUnavailableError, type AiStatus } from '@pm/ai';
import type { DocumentFact } from '@pm/contracts';
import { extractLeaseFacts, listLeaseFacts } from '@pm/document-reading/facts';
import type { z } from 'zod';
import type { DraftingModel } from '../drafting/reply-drafter.js';
import { DocumentReader, readFactFrom, type DocumentToRead } from './document-reader.js';

/**
 * What the document reader keeps of a model's answers, with a scripted model standing in for the local one: the
 * category only with a phrase the document contains, summary sentences only when the pages state their facts, a
 * lease's missing facts only as code reads them from the sentence the model pointed at.
 */
const available: AiStatus = { available: true, provider: 'scripted' };
type Step = 'category' | 'summary' | 'facts';

function readerWith(answers: Partial<Record<Step, object | (() => never)>>, status: AiStatus = available) {
  const asked: { step: Step; prompt: string }[] = [];
  const model: DraftingModel = {
    status: () => ({ chat: status, embeddings: status }),
    async invokeStructured<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema): Promise<z.infer<Schema>> {
      const system = messages[0]!.text;
      const step: Step = system.startsWith('You file documents') ? 'category' : system.startsWith('Summarise') ? 'summary' : 'facts';
      asked.push({ step, prompt: messages.map((m) => m.text).join('\n') });
      const answer = answers[step];
      if (typeof answer === 'function') answer();
      return schema.parse(answer ?? {});
    },
  };
  return { reader: new DocumentReader(model), asked };
}

const lease: DocumentToRead = {
  fileName: 'Lease - 12 Elm Street 2B.pdf',
  pages: [
    { page: 1, text: 'RESIDENTIAL LEASE AGREEMENT\nThis Residential Lease Agreement is made between Elm Street Properties LLC as Landlord and Maria Lopez as Tenant. The premises are 12 Elm Street, Unit 2B, Springfield, IL 62701.' },
    { page: 2, text: 'The tenancy shall commence on the first of the month, namely March 1, 2026, and continue until February 28, 2027. Tenant agrees to pay $1,850.00 each month. A security deposit of $2,000.00 is held by Landlord. Either party may end the lease with sixty (60) days written notice.' },
  ],
  chosenCategoryId: null,
  suggestedCategoryId: 2,
  facts: [],
};

/** The same lease without its title line, so that the model is asked for the category. */
const untitled: DocumentToRead = { ...lease, pages: [{ page: 1, text: lease.pages[0]!.text.replace('RESIDENTIAL LEASE AGREEMENT\n', '') }, lease.pages[1]!] };

describe('the category', () => {
  it('is the title\'s when the title names one category alone, without asking the model', async () => {
    const { reader, asked } = readerWith({ summary: { sentences: [{ text: 'A residential lease.', page: '1' }] } });
    const insights = await reader.read({ ...lease, suggestedCategoryId: 5 });
    expect(asked.map((a) => a.step)).not.toContain('category');
    expect(insights.categoryId).toBe(2);
  });

  it('is the model\'s choice when it quotes a phrase of the document', async () => {
    const { reader } = readerWith({ category: { categoryId: '2', phrase: 'Residential Lease Agreement is made between' }, summary: { sentences: [{ text: 'A residential lease.', page: '1' }] } });
    expect((await reader.read(untitled)).categoryId).toBe(2);
  });

  it('falls back to the keyword guess when the quoted phrase is not in the document', async () => {
    const { reader } = readerWith({ category: { categoryId: '4', phrase: 'Invoice number 4471 due on receipt' }, summary: { sentences: [{ text: 'A residential lease.', page: '1' }] } });
    const insights = await reader.read({ ...untitled, suggestedCategoryId: 2 });
    expect(insights.categoryId).toBe(2);
    expect(insights.note).toContain('keyword guess');
  });

  it('is not asked when a person chose the category, which is kept (null)', async () => {
    const { reader, asked } = readerWith({ summary: { sentences: [{ text: 'A residential lease.', page: '1' }] } });
    const insights = await reader.read({ ...lease, chosenCategoryId: 3 });
    expect(asked.map((a) => a.step)).not.toContain('category');
    expect(insights.categoryId).toBeNull();
  });
});

describe('the summary', () => {
  it('keeps the sentences whose every number, date and amount the pages state, and drops the rest', async () => {
    const { reader } = readerWith({
      category: { categoryId: '2', phrase: 'Residential Lease Agreement' },
      summary: {
        sentences: [
          { text: 'A lease between Elm Street Properties LLC and Maria Lopez for 12 Elm Street, Unit 2B.', page: '1' },
          { text: 'Rent is $1,950.00 a month from March 1, 2026.', page: '2' },
          { text: 'The lease runs from March 1, 2026 to February 28, 2027 at $1,850.00 a month.', page: '2' },
        ],
      },
    });
    const insights = await reader.read(lease);
    expect(insights.summary).toBe('A lease between Elm Street Properties LLC and Maria Lopez for 12 Elm Street, Unit 2B. The lease runs from March 1, 2026 to February 28, 2027 at $1,850.00 a month.');
    expect(insights.summaryPages).toEqual([1, 2]);
    expect(insights.outcome).toBe('model');
  });

  it('is the document\'s own opening when every sentence of the model fails the check', async () => {
    const { reader } = readerWith({ category: { categoryId: '2', phrase: 'Residential Lease Agreement' }, summary: { sentences: [{ text: 'Rent is $2,400 from June 1, 2026.', page: '2' }] } });
    const insights = await reader.read(lease);
    expect(insights.summary).toBe('This Residential Lease Agreement is made between Elm Street Properties LLC as Landlord and Maria Lopez as Tenant. The premises are 12 Elm Street, Unit 2B, Springfield, IL 62701.');
    expect(insights.note).toContain('opening');
  });
});

describe('a lease\'s facts the parser missed', () => {
  it('asks only for the missing fields and reads each value from the sentence the model pointed at', async () => {
    const parsed: DocumentFact = { field: 'landlord', value: { kind: 'text', text: 'Elm Street Properties LLC' }, page: 1, sentence: 'x', span_start: 0, span_end: 1, derived: false, source: 'parser' };
    const { reader, asked } = readerWith({
      category: { categoryId: '2', phrase: 'Residential Lease Agreement' },
      summary: { sentences: [{ text: 'A residential lease.', page: '1' }] },
      facts: {
        // The model's name is not what the sentence says: nothing is kept of it.
        sentence_1: ['tenant'],
        sentence_2: ['other'],
        sentence_3: ['start_date', 'end_date'],
        sentence_4: ['monthly_rent'],
        sentence_5: ['security_deposit'],
        sentence_6: ['notice_period_days'],
        tenant_as_written: 'John Smith',
        premises_as_written: '',
      },
    });
    const insights = await reader.read({ ...lease, facts: [parsed] });
    const factsPrompt = asked.find((a) => a.step === 'facts')!.prompt;
    expect(factsPrompt).not.toContain('landlord =');
    const byField = Object.fromEntries(insights.facts.map((fact) => [fact.field, fact]));
    expect(byField['start_date']).toMatchObject({ value: { kind: 'date', date: '2026-03-01' }, page: 2, source: 'model' });
    expect(byField['end_date']).toMatchObject({ value: { kind: 'date', date: '2027-02-28' }, page: 2 });
    expect(byField['monthly_rent']).toMatchObject({ value: { kind: 'money', cents: 185_000, currency: 'USD' } });
    expect(byField['security_deposit']).toMatchObject({ value: { kind: 'money', cents: 200_000, currency: 'USD' } });
    expect(byField['notice_period_days']).toMatchObject({ value: { kind: 'number', value: 60 } });
    expect(byField['tenant']).toBeUndefined();
    const rent = byField['monthly_rent']!;
    expect(lease.pages[1]!.text.slice(rent.span_start, rent.span_end)).toBe('$1,850.00');
  });
});

describe('without the model', () => {
  it('answers the keyword guess and the document\'s opening, marked fallback, without asking anything', async () => {
    const { reader, asked } = readerWith({}, { available: false, provider: 'local', reason: 'model-missing', message: 'The local AI model is not installed.' });
    const insights = await reader.read(lease);
    expect(asked).toEqual([]);
    expect(insights).toMatchObject({ categoryId: 2, outcome: 'fallback', note: 'The local AI model is not installed.', facts: [] });
    expect(insights.summary).toContain('Residential Lease Agreement is made between');
  });

  it('falls back the same way when the model fails to load on first use', async () => {
    const damaged = (): never => {
      throw new AiUnavailableError({ available: false, provider: 'local', reason: 'model-missing', message: 'The model file is damaged.' });
    };
    const { reader } = readerWith({ category: damaged, facts: damaged, summary: damaged });
    expect(await reader.read(untitled)).toMatchObject({ outcome: 'fallback', note: 'The model file is damaged.', categoryId: 2 });
  });
});

it('reads a due day and refuses a sentence that states no value of the field', () => {
  const sentence = { page: 3, text: 'Rent is due on the 5th day of each month.', start: 10, end: 52 };
  expect(readFactFrom('rent_due_day', sentence, '5th')).toMatchObject({ value: { kind: 'number', value: 5 }, span_start: 29, span_end: 32 });
  expect(readFactFrom('start_date', sentence, 'March 1, 2026')).toBeUndefined();
});

it('loses only the step whose answer does not parse: the keyword category here, the model\'s summary kept', async () => {
  const { reader } = readerWith({ category: { unexpected: true }, summary: { sentences: [{ text: 'A residential lease for 12 Elm Street, Unit 2B.', page: '1' }] } });
  const insights = await reader.read(untitled);
  expect(insights).toMatchObject({ outcome: 'model', categoryId: 2, summary: 'A residential lease for 12 Elm Street, Unit 2B.', facts: [] });
  expect(insights.note).toContain('for the category');
});

/** The parser's facts of a document as the vault sends them. */
function parsed(document: DocumentToRead): DocumentFact[] {
  return listLeaseFacts(extractLeaseFacts(document.pages.map((page) => page.text))).map((fact) => ({
    field: fact.field,
    value: fact.value,
    page: fact.source.page,
    sentence: fact.source.sentence,
    span_start: fact.source.start,
    span_end: fact.source.end,
    derived: fact.derived,
    source: 'parser',
  }));
}

describe('a lease\'s summary', () => {
  it('is written by code from its facts, the model not asked for one', async () => {
    const { reader, asked } = readerWith({});
    const insights = await reader.read({ ...lease, facts: parsed(lease) });
    expect(asked.map((a) => a.step)).not.toContain('summary');
    expect(insights.summary).toBe(
      'Lease between Elm Street Properties LLC (landlord) and Maria Lopez (tenant) for 12 Elm Street, Unit 2B, Springfield, IL 62701, from March 1, 2026 to February 28, 2027. ' +
        'Rent is $1,850.00 a month. Security deposit: $2,000.00. Notice to end or not renew it: 60 days.',
    );
    expect(insights.summaryPages).toEqual([1, 2]);
  });

  it('is written from the parser\'s facts without a model too', async () => {
    const { reader } = readerWith({}, { available: false, provider: 'local', reason: 'model-missing', message: 'The local AI model is not installed.' });
    expect((await reader.read({ ...lease, facts: parsed(lease) })).summary).toMatch(/^Lease between Elm Street Properties LLC \(landlord\)/);
  });

  it('says why there is none when the document has no text', async () => {
    const { reader } = readerWith({});
    expect(await reader.read({ ...lease, pages: [{ page: 1, text: '  ' }] })).toMatchObject({ summary: expect.stringMatching(/^No summary: the document has no readable text/), outcome: 'fallback' });
  });
});

describe('the facts the model completes', () => {
  it('give the notice deadline with the parser\'s notice period when the model finds the end date', async () => {
    const notice = parsed(lease).find((fact) => fact.field === 'notice_period_days')!;
    const { reader } = readerWith({ facts: { sentence_1: ['other'], sentence_2: ['other'], sentence_3: ['end_date'], sentence_4: ['other'], sentence_5: ['other'], sentence_6: ['other'], tenant_as_written: '', premises_as_written: '', landlord_as_written: '' } });
    const insights = await reader.read({ ...lease, facts: [notice] });
    expect(insights.facts.find((fact) => fact.field === 'end_date')).toMatchObject({ value: { date: '2027-02-28' }, source: 'model' });
    expect(insights.facts.find((fact) => fact.field === 'key_date')).toMatchObject({ value: { kind: 'date', date: '2026-12-30', label: 'Notice deadline' }, derived: true });
  });

  it('never ask a month-to-month lease for an end date', async () => {
    const monthToMonth: DocumentFact = { field: 'month_to_month', value: { kind: 'text', text: 'Month-to-month' }, page: 1, sentence: 'x', span_start: 0, span_end: 1, derived: false, source: 'parser' };
    const { reader, asked } = readerWith({});
    await reader.read({ ...lease, facts: [monthToMonth] });
    expect(asked.find((a) => a.step === 'facts')!.prompt).not.toContain('end_date =');
  });
});

it('reads names only as names: never a unit, a role or a date, and a date for its role only', () => {
  const signature = { page: 2, text: 'Tenant: Maria Lopez        Date: 03/01/2026', start: 0, end: 42 };
  expect(readFactFrom('tenant', signature, 'Maria Lopez Date')).toBeUndefined();
  expect(readFactFrom('tenant', signature, 'Maria Lopez')).toMatchObject({ value: { kind: 'text', text: 'Maria Lopez' }, span_start: 8, span_end: 19 });
  expect(readFactFrom('tenant', { page: 1, text: 'Tenant: Unit A', start: 0, end: 14 }, 'Unit A')).toBeUndefined();
  expect(readFactFrom('end_date', { page: 1, text: 'The tenancy begins on March 1, 2026.', start: 0, end: 36 }, '')).toBeUndefined();
});
