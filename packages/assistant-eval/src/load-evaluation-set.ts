import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Question, Rule } from '@pm/contracts';
import { parse } from 'yaml';
import { z } from 'zod';
import {
  type EvaluationSet,
  EvaluationSetSchema,
  type KnowledgeBase,
  KnowledgeBaseSchema,
  type LeaseExcerpt,
  LeaseFileSchema,
  MessageFileSchema,
  type Split,
  type TenantMessage,
} from './evaluation-set.schema.js';

/** The set ships beside `src/` and `dist/`, so the same relative path serves sources (tests) and the build (runner). */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));

/** Reads and validates the whole set; throws naming the file and every problem, never hands out a partial set. */
export function loadEvaluationSet(dataDir: string = DEFAULT_DATA_DIR): EvaluationSet {
  const knowledge_bases = yamlFiles(join(dataDir, 'knowledge')).map((file) => readYaml(file, KnowledgeBaseSchema));
  const messages = yamlFiles(join(dataDir, 'messages')).flatMap((file) => readYaml(file, MessageFileSchema).messages);
  const leases = readYaml(join(dataDir, 'leases.yaml'), LeaseFileSchema).leases;
  const result = EvaluationSetSchema.safeParse({ knowledge_bases, messages, leases });
  if (!result.success) throw new Error(`evaluation set in ${dataDir} is invalid:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** A knowledge base as portfolio holds it, for indexing through the assistant's own path. */
export function toPortfolioKnowledge(kb: KnowledgeBase): { questions: Question[]; rules: Rule[] } {
  const location_id = kb.property.id;
  return {
    questions: kb.questions.map((question) => ({ ...question, location_id })),
    rules: kb.rules.map((rule) => ({ ...rule, location_id })),
  };
}

/** The knowledge base of a message's property; the set's validation guarantees it exists. */
export function knowledgeBaseOf(set: EvaluationSet, propertyId: string): KnowledgeBase {
  const kb = set.knowledge_bases.find((candidate) => candidate.property.id === propertyId);
  if (!kb) throw new Error(`no knowledge base for property ${propertyId}`);
  return kb;
}

/** The messages of one split: `heldout` ones are for measuring only, never for tuning the assistant. */
export function messagesOfSplit(set: EvaluationSet, split: Split): TenantMessage[] {
  return set.messages.filter((message) => message.split === split);
}

/** The lease texts of one split, like `messagesOfSplit`. */
export function leasesOfSplit(set: EvaluationSet, split: Split): LeaseExcerpt[] {
  return set.leases.filter((lease) => lease.split === split);
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => join(dir, name));
}

function readYaml<T extends z.ZodType>(file: string, schema: T): z.output<T> {
  const result = schema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`${file} is invalid:\n${z.prettifyError(result.error)}`);
  return result.data;
}
