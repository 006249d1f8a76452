import type { QuestionEventDetailsSchema, Question as QuestionView } from '@pm/contracts';
import type { z } from 'zod';
import type { Question } from './question.entity.js';

export const QUESTION_NOT_FOUND = 'Question not found';

export function toQuestionView(question: Question): QuestionView {
  return { id: question.id, question: question.question, answer: question.answer, location_id: question.propertyLocationId };
}

export function questionEventDetails(question: Question): z.infer<typeof QuestionEventDetailsSchema> {
  return { questionId: question.id, question: question.question, answer: question.answer, changedAt: question.updatedAt.toISOString() };
}
