import { z } from 'zod';
import { limits } from './validation.js';

/** A Q&A item of a location's knowledge base (spec 001 §3). */
export const QuestionSchema = z.object({
  id: z.string().min(1),
  question: z.string(),
  answer: z.string(),
  location_id: z.string().min(1),
});
export type Question = z.infer<typeof QuestionSchema>;

/** A rule the AI follows for a location (spec 001 §3). */
export const RuleSchema = z.object({
  id: z.string().min(1),
  description: z.string(),
  expected_output: z.string(),
  location_id: z.string().min(1),
});
export type Rule = z.infer<typeof RuleSchema>;

export const questionFixture: Question = {
  id: '01936f6e-a1b2-7c3d-8e4f-5a6b7c8d9e0f',
  question: 'Where do I put the trash?',
  answer: 'In the bins behind building A, collected on Tuesdays.',
  location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
};

export const ruleFixture: Rule = {
  id: '01936f6e-b2c3-7d4e-8f5a-6b7c8d9e0f1a',
  description: 'A tenant reports a water leak',
  expected_output: 'Treat it as urgent and notify the emergency contacts.',
  location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
};

/** `{ deleted: true }`: the answer of every delete in this area. */
export const DeletedSchema = z.object({ deleted: z.literal(true) });

/**
 * What the Q&A item events carry: the item's whole current state, so a copy (the assistant's knowledge index) needs
 * no query back and can apply the events of one item in whatever order its consumers see them (ordered by event id,
 * like the grants projection). `changedAt` is the item's `updated_at` (the deletion time for a delete).
 */
export const QuestionEventDetailsSchema = z.object({
  questionId: z.string().min(1).max(limits.id),
  // The limits the create and update calls enforce, so an event never carries what a request could not store.
  question: z.string().max(limits.question),
  answer: z.string().max(limits.answer),
  changedAt: z.iso.datetime(),
});

/** What the rule events carry, like QuestionEventDetailsSchema. */
export const RuleEventDetailsSchema = z.object({
  ruleId: z.string().min(1).max(limits.id),
  description: z.string().max(limits.ruleDescription),
  expectedOutput: z.string().max(limits.ruleExpectedOutput),
  changedAt: z.iso.datetime(),
});
