import type { LocationSection } from '../../app/location-section.js';
import { KnowledgePage, LocationRulesPage, QuestionAnswersPage } from './pages.js';

export const knowledgeLocationSections: LocationSection[] = [
  { path: 'question-answers', label: 'Q&A', Component: QuestionAnswersPage },
  { path: 'rules', label: 'Rules', Component: LocationRulesPage },
  { path: 'knowledge', label: 'Knowledge', Component: KnowledgePage },
];
