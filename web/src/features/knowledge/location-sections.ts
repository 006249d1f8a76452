import type { LocationSection } from '../../app/location-section.js';

export const knowledgeLocationSections: LocationSection[] = [
  { path: 'question-answers', label: 'Q&A', lazy: { Component: async () => (await import('./pages.js')).QuestionAnswersPage } },
  { path: 'rules', label: 'Rules', lazy: { Component: async () => (await import('./pages.js')).LocationRulesPage } },
  { path: 'knowledge', label: 'Knowledge', lazy: { Component: async () => (await import('./pages.js')).KnowledgePage } },
];
