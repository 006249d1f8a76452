import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clipped, InvalidAnswerExamplesError, judgedText, loadAnswerExamples } from './answer-examples.js';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'answer-examples-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

it('loads the shipped bank: pairs that answer and near ones that do not, from the tuning split and written ones', () => {
  const examples = loadAnswerExamples();
  expect(examples.filter((example) => example.answers).length).toBeGreaterThan(100);
  expect(examples.filter((example) => !example.answers).length).toBeGreaterThan(400);
  expect(examples).toContainEqual(expect.objectContaining({ message: 'when does the sauna open', answers: false, item: expect.objectContaining({ question: 'When is the pool open?' }) }));
});

it('reads each item with its messages, an item without an answer as a rule\'s situation', () => {
  const dir = folder({
    'a.yaml': 'items:\n  - question: "When is the pool open?"\n    answer: "9 AM to 9 PM."\n    answers: ["pool hours?"]\n    not: ["sauna hours?"]\n  - question: "What to do when a tenant is locked out?"\n    not: ["where is the key drop box"]\n',
  });
  expect(loadAnswerExamples(dir)).toEqual([
    { message: 'pool hours?', item: { question: 'When is the pool open?', answer: '9 AM to 9 PM.' }, answers: true },
    { message: 'sauna hours?', item: { question: 'When is the pool open?', answer: '9 AM to 9 PM.' }, answers: false },
    { message: 'where is the key drop box', item: { question: 'What to do when a tenant is locked out?' }, answers: false },
  ]);
});

it('refuses, naming every problem, a pair labelled both ways, an item without messages, an unknown field and a bank of one kind', () => {
  const dir = folder({
    'a.yaml': 'items:\n  - question: "When is the pool open?"\n    answers: ["pool hours?"]\n',
    'd.yaml': 'items:\n  - question: "When is the pool open?"\n    answers: ["pool hours?"]\n  - question: "Where is the gym?"\n',
    'b.yaml': 'items:\n  - question: "When is the pool open?"\n    not: ["pool hours?"]\n    extra: 1\n',
    'c.yaml': 'items:\n  - question: "When is the pool open?"\n    not: ["Pool hours?"]\n',
  });
  let error: unknown;
  try {
    loadAnswerExamples(dir);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(InvalidAnswerExamplesError);
  const message = (error as Error).message;
  expect(message).toMatch(/d\.yaml: items\.1: an item needs a message/);
  expect(message).toMatch(/b\.yaml: .*extra/);
  expect(message).toMatch(/"Pool hours\?" is labelled both ways for "When is the pool open\?" \(a\.yaml, c\.yaml\)/);
  expect(() => loadAnswerExamples(folder({ 'a.yaml': 'items:\n  - question: "When is the pool open?"\n    answers: ["pool hours?"]\n' }))).toThrow(/both kinds|answer and pairs that do not/);
  expect(() => loadAnswerExamples('/no/such/folder')).toThrow(/does not exist/);
});

it('reads an item as its question and the start of its answer, cut at a word', () => {
  expect(judgedText({ question: 'Where do I park?' })).toBe('Where do I park?');
  expect(judgedText({ question: 'When is the pool open?', answer: 'From 9 AM\n to 9 PM.' })).toBe('When is the pool open?\nFrom 9 AM to 9 PM.');
  const long = 'word '.repeat(60);
  expect(clipped(long, 160)).toMatch(/^(word ){31}word…$/);
  expect(clipped(long, 160).length).toBeLessThanOrEqual(161);
});
