export { AnsweringModule } from './answering.module.js';
export { ANSWER_MAX_CHARS, ChatAnswerer, DEFAULT_GENERATION_MS, type AnswerOptions, type AnsweringModel, type RankFacts } from './chat-answerer.js';
export { endAtLastSentence, stoppedNote } from './sentence-cut.js';
export { AnswersUnavailableError, type AnswerFact, type ChatAnswer, type ChatAnswerInput, type ChatAnswerOutcome, type ChatAnswerSource, type ChatAudience, type ChatTurn } from './chat-answer.types.js';
export { FactRanker, type FactRanking, type RankedFact } from './fact-ranker.js';
export { AnswerProgress, PROGRESS_INTERVAL_MS } from './answer-progress.js';
export { CHAT_DEADLINES, ChatDeadlinesModule, type ChatDeadlines } from './chat-deadlines.js';
