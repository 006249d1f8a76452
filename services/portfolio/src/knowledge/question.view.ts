import type { Question as QuestionView } from '@pm/contracts';
import type { Question } from './question.entity.js';

export const QUESTION_NOT_FOUND = 'Question not found';

export function toQuestionView(question: Question): QuestionView {
  return { id: question.id, question: question.question, answer: question.answer, location_id: question.propertyLocationId };
}

/** Spec 001 §5: Question and Answer required. */
export function validateQuestion(input: { question?: string | null; answer?: string | null }): { ok: true; question: string; answer: string } | { ok: false; message: string } {
  const question = input.question?.trim() ?? '';
  const answer = input.answer?.trim() ?? '';
  if (!question) return { ok: false, message: 'Question is required' };
  if (!answer) return { ok: false, message: 'Answer is required' };
  return { ok: true, question, answer };
}
