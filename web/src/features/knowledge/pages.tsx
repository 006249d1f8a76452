import { Space } from 'antd';
import { PageTitle, RecordSections } from '../../app/pm-shell/PageTitle.js';
import { SelectedLocationGate } from '../../app/pm-shell/SelectedLocationGate.js';
import { useLocationIdParam } from '../../app/pm-shell/useLocationIdParam.js';
import { QuestionsPanel } from './QuestionsPanel.js';
import { RulesPanel } from './RulesPanel.js';

/** property-locations/{id}/question-answers */
export function QuestionAnswersPage() {
  const locationId = useLocationIdParam();
  return <QuestionsPanel key={locationId} locationId={locationId} />;
}

/** property-locations/{id}/rules */
export function LocationRulesPage() {
  const locationId = useLocationIdParam();
  return <RulesPanel key={locationId} locationId={locationId} />;
}

/** property-locations/{id}/knowledge: the location's Q&A items and rules together. */
export function KnowledgePage() {
  const locationId = useLocationIdParam();
  return (
    <Space key={locationId} orientation="vertical" size="large" style={{ width: '100%' }}>
      <QuestionsPanel locationId={locationId} />
      <RulesPanel locationId={locationId} />
    </Space>
  );
}

/** /property-manager/rules: the rules of the location chosen in the shell. */
export function SelectedLocationRulesPage() {
  return <SelectedLocationGate title="Rules">{(locationId) => <RulesPanel key={locationId} locationId={locationId} />}</SelectedLocationGate>;
}

/**
 * /property-manager/knowledge-base (spec 001 §2): the Q&A items and rules of the location chosen in the shell, the
 * same panels as the location's Knowledge tab, under one page title.
 */
export function SelectedLocationKnowledgeBasePage() {
  return (
    <SelectedLocationGate title="Knowledge Base">
      {(locationId) => (
        <Space key={locationId} orientation="vertical" size="large" style={{ width: '100%' }}>
          <PageTitle>Knowledge Base</PageTitle>
          <RecordSections>
            <QuestionsPanel locationId={locationId} />
            <RulesPanel locationId={locationId} />
          </RecordSections>
        </Space>
      )}
    </SelectedLocationGate>
  );
}
