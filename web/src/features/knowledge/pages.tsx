import { Space } from 'antd';
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
