import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { readDataFolder } from '../../data-folders/read-data-folder.js';

/**
 * The labelled bank the answer judge learns from (answer-judge.ts): knowledge items, each with tenant messages it
 * answers and near messages it does not. The format and where the pairs come from are in `answer-examples/README.md`.
 */

/** An item as the judge reads it: a Q&A item's question and the start of its answer, or a rule's situation as a question. */
export interface JudgedItem {
  question: string;
  answer?: string;
}

export interface AnswerExample {
  /** The tenant's message, in English. */
  message: string;
  item: JudgedItem;
  answers: boolean;
}

const Message = z.string().trim().min(3).max(600);
const ExampleItemSchema = z
  .strictObject({
    question: z.string().trim().min(3).max(300),
    answer: z.string().trim().min(1).max(400).optional(),
    answers: z.array(Message).default([]),
    not: z.array(Message).default([]),
  })
  .refine((item) => item.answers.length + item.not.length > 0, 'an item needs a message it answers or one it does not');
const AnswerExampleFileSchema = z.strictObject({ items: z.array(ExampleItemSchema).min(1) });

export class InvalidAnswerExamplesError extends Error {
  constructor(problems: readonly string[]) {
    super(`Invalid answer examples: ${problems.join('; ')}`);
    this.name = 'InvalidAnswerExamplesError';
  }
}

/** The bank that ships with the service. */
export function defaultAnswerExamplesDir(): string {
  // dist/drafting/answer-judge → dist/answer-examples (the build copies it there); src/drafting/answer-judge → the service's folder.
  const candidates = [resolve(import.meta.dirname, '../../answer-examples'), resolve(import.meta.dirname, '../../../answer-examples')];
  return candidates.find((dir) => existsSync(dir)) ?? candidates[1]!;
}

/**
 * Every pair of `dir`'s files. Throws, naming each problem, on an unreadable or invalid file, a pair labelled both
 * ways, or a bank without both kinds of pair: a judge that never saw an item refused would refuse nothing.
 */
export function loadAnswerExamples(dir: string = defaultAnswerExamplesDir()): AnswerExample[] {
  const { files, problems } = readDataFolder(dir, AnswerExampleFileSchema, ['.yaml']);
  const examples: AnswerExample[] = [];
  const seen = new Map<string, { answers: boolean; file: string }>();
  for (const { name, data } of files) {
    for (const { question, answer, answers, not } of data.items) {
      const item = answer === undefined ? { question } : { question, answer };
      for (const [messages, label] of [[answers, true], [not, false]] as const) {
        for (const message of messages) {
          const key = `${message.toLowerCase()}\n${question.toLowerCase()}\n${(answer ?? '').toLowerCase()}`;
          const earlier = seen.get(key);
          if (earlier !== undefined && earlier.answers !== label) problems.push(`"${message}" is labelled both ways for "${question}" (${earlier.file}.yaml, ${name}.yaml)`);
          if (earlier !== undefined) continue;
          seen.set(key, { answers: label, file: name });
          examples.push({ message, item, answers: label });
        }
      }
    }
  }
  if (problems.length === 0 && (!examples.some((example) => example.answers) || !examples.some((example) => !example.answers))) {
    problems.push('the bank needs pairs that answer and pairs that do not');
  }
  if (problems.length > 0) throw new InvalidAnswerExamplesError(problems);
  return examples;
}

/**
 * The text the judge embeds for an item: its question, and for a Q&A item the start of its answer, which says what the
 * item covers (a pool's answer never mentions a sauna). The bank's items are written the same way.
 */
export function judgedText(item: JudgedItem): string {
  return item.answer === undefined ? item.question : `${item.question}\n${clipped(item.answer, ANSWER_CHARS)}`;
}

/** How much of an answer the judge (and the model's pick) reads beside the question. */
export const ANSWER_CHARS = 160;

/** The text cut at a word boundary under `limit` characters, marked as cut. */
export function clipped(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  return `${flat.slice(0, flat.lastIndexOf(' ', limit))}…`;
}
