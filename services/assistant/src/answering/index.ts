export { AnsweringModule } from './answering.module.js';
export { ChatAnswerer, type RankFacts } from './chat-answerer.js';
export { AnswersUnavailableError, type AnswerFact, type ChatAnswer, type ChatAnswerInput, type ChatAnswerOutcome, type ChatAnswerSource, type ChatAudience, type ChatTurn } from './chat-answer.types.js';
export { FactRanker, type FactRanking, type RankedFact } from './fact-ranker.js';
