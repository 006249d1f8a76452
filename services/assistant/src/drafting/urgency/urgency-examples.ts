import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import type { UrgencyCategory } from '@pm/tenant-triage';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

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
  if (!existsSync(dir)) throw new InvalidUrgencyExamplesError([`the folder ${dir} does not exist`]);
  const problems: string[] = [];
  const examples: UrgencyExample[] = [];
  const files = readdirSync(dir).filter((file) => extname(file) === '.yaml').sort();
  for (const file of files) {
    const label = basename(file, '.yaml');
    if (!LABELS.includes(label)) {
      problems.push(`${file}: not a category (${LABELS.join(', ')})`);
      continue;
    }
    let raw: unknown;
    try {
      raw = parseYaml(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      problems.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const parsed = ExampleFileSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(...parsed.error.issues.map((issue) => `${file}: ${issue.path.join('.') || '(file)'}: ${issue.message}`));
      continue;
    }
    examples.push(...parsed.data.examples.map(({ text }) => ({ text, label: label as ExampleLabel })));
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
