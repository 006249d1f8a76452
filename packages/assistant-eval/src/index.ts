export * from './evaluation-set.schema.js';
export { containsFact, normaliseText } from './fact-match.js';
export { DEFAULT_DATA_DIR, knowledgeBaseOf, leasesOfSplit, loadEvaluationSet, messagesOfSplit, toPortfolioKnowledge } from './load-evaluation-set.js';
