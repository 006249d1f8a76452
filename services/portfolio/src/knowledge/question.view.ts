import type { Question as QuestionView } from '@pm/contracts';
import type { Question } from './question.entity.js';

export const QUESTION_NOT_FOUND = 'Question not found';

export function toQuestionView(question: Question): QuestionView {
  return { id: question.id, question: question.question, answer: question.answer, location_id: question.propertyLocationId };
}
