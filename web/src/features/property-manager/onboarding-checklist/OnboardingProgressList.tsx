import { List, Progress, Tag, Typography } from 'antd';
import type { ChecklistStep } from '../onboarding-progress.js';
import { checklistPercent } from '../onboarding-progress.js';

/** The checklist's steps with their state and the rounded completion percentage. */
export function OnboardingProgressList({ steps }: { steps: readonly ChecklistStep[] }) {
  const percent = checklistPercent(steps);
  return (
    <>
      <Progress percent={percent} aria-label="Onboarding progress" />
      <List
        dataSource={[...steps]}
        renderItem={(step) => (
          <List.Item data-step={step.key} extra={step.done ? <Tag color="success">Done</Tag> : <Tag>To do</Tag>}>
            <Typography.Text delete={step.done}>{step.title}</Typography.Text>
          </List.Item>
        )}
      />
    </>
  );
}
