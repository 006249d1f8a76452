export { foldText, wordsOf } from './folded-text.js';
export { detectUrgency, isHouseRuleQuestion, type UrgencyCategory, type UrgencyMatch, type UrgencyVerdict } from './urgency-rules.js';
export { intentByRules } from './intent-rules.js';
export { TICKET_INTENTS, triageMessage, type Triage } from './triage.js';
