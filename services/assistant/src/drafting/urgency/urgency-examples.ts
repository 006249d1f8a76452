import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { UrgencyCategory } from '@pm/tenant-triage';
import { z } from 'zod';
import { readDataFolder } from '../../data-folders/read-data-folder.js';

/**
 * The labelled bank the urgency classifier learns from (urgency-classifier.ts): tenant messages in English, one file
 * per emergency category and `routine.yaml` for everything else, including harmless messages with words of danger in
 * them. The format and the definition of an emergency are in `urgency-examples/README.md`.
 */
export const URGENCY_CATEGORIES = [
  'gas',
  'carbon-monoxide',
  'fire',
  'electrical',
  'flood',
  'sewage',
  'no-heat',
  'no-cooling',
  'break-in',
  'injury',
  'medical',
  'trapped',
] as const satisfies readonly UrgencyCategory[];
export type ExampleLabel = (typeof URGENCY_CATEGORIES)[number] | 'routine';

const LABELS: readonly string[] = [...URGENCY_CATEGORIES, 'routine'];

const ExampleFileSchema = z.strictObject({
  examples: z.array(z.strictObject({ text: z.string().trim().min(3).max(600) })).min(1),
});

export interface UrgencyExample {
  text: string;
  label: ExampleLabel;
}

export class InvalidUrgencyExamplesError extends Error {
  constructor(problems: readonly string[]) {
    super(`Invalid urgency examples: ${problems.join('; ')}`);
    this.name = 'InvalidUrgencyExamplesError';
  }
}

/** The bank that ships with the service. */
export function defaultUrgencyExamplesDir(): string {
  // dist/drafting/urgency → dist/urgency-examples (the build copies it there); src/drafting/urgency → the service's folder.
  const candidates = [resolve(import.meta.dirname, '../../urgency-examples'), resolve(import.meta.dirname, '../../../urgency-examples')];
  return candidates.find((dir) => existsSync(dir)) ?? candidates[1]!;
}

/**
 * Every example of `dir`, labelled by its file's name (`fire.yaml` → fire). Throws, naming each file and problem, on
 * an unreadable or invalid file, a file named after no category, a text in two files, or a missing category: a
 * classifier that never saw one kind of emergency would not know it.
 */
export function loadUrgencyExamples(dir: string = defaultUrgencyExamplesDir()): UrgencyExample[] {
  const { files, problems } = readDataFolder(dir, ExampleFileSchema, ['.yaml']);
  const examples: UrgencyExample[] = [];
  for (const { name, data } of files) {
    if (!LABELS.includes(name)) {
      problems.push(`${name}.yaml: not a category (${LABELS.join(', ')})`);
      continue;
    }
    examples.push(...data.examples.map(({ text }) => ({ text, label: name as ExampleLabel })));
  }
  const seen = new Map<string, ExampleLabel>();
  for (const example of examples) {
    const key = example.text.toLowerCase();
    const earlier = seen.get(key);
    if (earlier !== undefined) problems.push(`"${example.text}" is in ${earlier}.yaml and ${example.label}.yaml`);
    seen.set(key, example.label);
  }
  for (const label of LABELS) if (problems.length === 0 && !examples.some((example) => example.label === label)) problems.push(`no example of ${label}`);
  if (problems.length > 0) throw new InvalidUrgencyExamplesError(problems);
  return examples;
}
