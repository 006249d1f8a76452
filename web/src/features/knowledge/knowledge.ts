/** The BFF's Q&A item and rule (spec 001 section 3), as their contracts define them. */
export type { Question, Rule } from '@pm/contracts';

/** Texts of the knowledge screens (shared with the inbox's "Add as Q&A item", so defined in app/). */
export { knowledgeMessages } from '../../app/knowledge/knowledge-texts.js';
