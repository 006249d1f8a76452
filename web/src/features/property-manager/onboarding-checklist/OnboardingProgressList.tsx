import { List, Progress, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { ChecklistStep } from '../onboarding-progress.js';
import { checklistPercent } from '../onboarding-progress.js';

/** The checklist's steps with their state, each linking to where it is done, and the rounded completion percentage. */
export function OnboardingProgressList({ steps }: { steps: readonly ChecklistStep[] }) {
  const percent = checklistPercent(steps);
  return (
    <>
      <Progress percent={percent} aria-label="Onboarding progress" />
      <List
        dataSource={[...steps]}
        renderItem={(step) => (
          <List.Item data-step={step.key} extra={step.done ? <Tag color="success">Done</Tag> : <Tag>To do</Tag>}>
            <List.Item.Meta
              title={
                step.path && !step.done ? (
                  <Link to={step.path}>{step.title}</Link>
                ) : (
                  <Typography.Text delete={step.done} type={step.blockedBy ? 'secondary' : undefined}>
                    {step.title}
                  </Typography.Text>
                )
              }
              description={step.blockedBy ?? (step.required ? null : 'Optional')}
            />
          </List.Item>
        )}
      />
    </>
  );
}
