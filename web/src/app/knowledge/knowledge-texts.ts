import { CreateQuestion, knowledgeMessages as knowledgeSpecMessages } from '@pm/contracts';
/** Texts of the knowledge screens and dialogs: spec 001 sections 5 and 8 where it gives them. */
export const knowledgeMessages = {
  questionRequired: knowledgeSpecMessages.questionRequired,
  answerRequired: knowledgeSpecMessages.answerRequired,
  questionCreated: 'Question & answer created successfully',
  questionCreateFailed: 'Failed to create question & answer',
  questionUpdated: 'Question & answer updated successfully',
  questionUpdateFailed: 'Failed to update question & answer',
  questionDeleted: 'Question & answer deleted successfully',
  questionDeleteFailed: 'Failed to delete question & answer',
  questionsFetchFailed: 'Failed to fetch questions & answers',
  descriptionRequired: knowledgeSpecMessages.descriptionRequired,
  expectedOutputRequired: knowledgeSpecMessages.expectedOutputRequired,
  ruleCreated: 'Rule created successfully',
  ruleCreateFailed: 'Failed to create rule',
  ruleUpdated: 'Rule updated successfully',
  ruleUpdateFailed: 'Failed to update rule',
  ruleDeleted: 'Rule deleted successfully',
  ruleDeleteFailed: 'Failed to delete rule',
  rulesFetchFailed: 'Failed to fetch rules',
} as const;

/** The two fields of a Q&A item, in form order. */
export const questionFields = [
  { name: 'question', label: 'Question', schema: CreateQuestion.request.shape.question },
  { name: 'answer', label: 'Answer', schema: CreateQuestion.request.shape.answer },
] as const;
