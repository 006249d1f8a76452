import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidUrgencyExamplesError, loadUrgencyExamples, URGENCY_CATEGORIES } from './urgency-examples.js';

it('ships a bank with every emergency category and more routine messages than any one category', () => {
  const examples = loadUrgencyExamples();
  for (const category of URGENCY_CATEGORIES) expect(examples.filter((example) => example.label === category).length).toBeGreaterThanOrEqual(20);
  expect(examples.filter((example) => example.label === 'routine').length).toBeGreaterThanOrEqual(200);
});

function bankOf(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'urgency-examples-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const complete = Object.fromEntries([...URGENCY_CATEGORIES, 'routine'].map((label) => [`${label}.yaml`, `examples:\n  - text: "an example of ${label}"\n`]));

it('labels each example by its file', () => {
  const examples = loadUrgencyExamples(bankOf(complete));
  expect(examples).toContainEqual({ text: 'an example of no-heat', label: 'no-heat' });
  expect(examples).toHaveLength(URGENCY_CATEGORIES.length + 1);
});

it('refuses a file named after no category, a text in two files, a missing category and a broken file, naming each', () => {
  const load = (files: Record<string, string>) => () => loadUrgencyExamples(bankOf(files));
  expect(load({ ...complete, 'tornado.yaml': 'examples:\n  - text: "a tornado"\n' })).toThrow(/tornado\.yaml: not a category/);
  expect(load({ ...complete, 'fire.yaml': 'examples:\n  - text: "an example of gas"\n' })).toThrow(/"an example of gas" is in fire\.yaml and gas\.yaml|is in gas\.yaml and fire\.yaml/);
  const { ['sewage.yaml']: _sewage, ...withoutSewage } = complete;
  expect(load(withoutSewage)).toThrow('no example of sewage');
  expect(load({ ...complete, 'gas.yaml': 'examples: [' })).toThrow(InvalidUrgencyExamplesError);
  expect(load({ ...complete, 'gas.yaml': 'examples:\n  - text: ""\n' })).toThrow(/gas\.yaml: examples\.0\.text/);
});
