import { Card, Flex, Progress, Tag, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChecklistStep } from '../onboarding-progress.js';
import { checklistComplete, checklistPercent } from '../onboarding-progress.js';

function stepTag(step: ChecklistStep) {
  if (step.done) return <Tag color="success">Done</Tag>;
  if (step.unavailable) return <Tag>Unavailable</Tag>;
  if (step.blockedBy) return <Tag color="warning">Blocked</Tag>;
  return <Tag color="processing">To do</Tag>;
}

/**
 * One step as a row. A step that can be done is a whole-row link (a hoverable card: pointer cursor and hover shadow;
 * the browser's focus ring on the link), named by its title and described by its state and note, so keyboard and
 * screen-reader users meet the same row sighted users click.
 */
function StepRow({ step }: { step: ChecklistStep }) {
  const noteId = useId();
  const stateId = useId();
  const note: ReactNode = step.blockedBy ?? (step.required ? null : 'Optional');
  // In a link, the note and the state are its description, not part of its name: hidden from the name (a name that
  // differs from the visible text fails WCAG 2.5.3, label in name), still read through aria-describedby.
  const body = (linked: boolean) => (
    <Card size="small" hoverable={linked} data-step={step.key}>
      <Flex justify="space-between" align="center" gap="small">
        <Flex vertical>
          <Typography.Text strong={!step.done} delete={step.done} type={step.blockedBy ? 'secondary' : undefined}>
            {step.title}
          </Typography.Text>
          <span id={noteId} aria-hidden={linked || undefined}>
            {note ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
          </span>
        </Flex>
        <span id={stateId} aria-hidden={linked || undefined}>
          {stepTag(step)}
        </span>
      </Flex>
    </Card>
  );
  if (step.path && !step.done) {
    return (
      <Link to={step.path} aria-describedby={`${noteId} ${stateId}`} style={{ display: 'block', borderRadius: 8 }}>
        {body(true)}
      </Link>
    );
  }
  return body(false);
}

/**
 * The checklist's steps with their state, each open step linking to where it is done, and the rounded completion
 * percentage over the required steps the product offers. The bar takes its finished look only when nothing the
 * manager can do is left; a note names what is unavailable, so 100% never hides an open step.
 */
export function OnboardingProgressList({ steps }: { steps: readonly ChecklistStep[] }) {
  const percent = checklistPercent(steps);
  const complete = checklistComplete(steps);
  const unavailable = steps.filter((step) => step.unavailable).length;
  const openOptional = steps.filter((step) => !step.done && !step.unavailable && !step.required).length;
  let summary: string | null = null;
  if (percent === 100 && openOptional > 0) summary = `All required steps are done; ${openOptional} optional ${openOptional === 1 ? 'step is' : 'steps are'} left.`;
  else if (complete && unavailable > 0) summary = `All available steps are done; ${unavailable} ${unavailable === 1 ? 'step is' : 'steps are'} not available yet.`;
  return (
    <Flex vertical gap="small">
      <Progress percent={percent} status={complete ? 'success' : 'normal'} format={() => `${percent}%`} aria-label="Onboarding progress" />
      {summary ? <Typography.Text type="secondary">{summary}</Typography.Text> : null}
      <Flex vertical gap="small" role="list" aria-label="Onboarding steps">
        {steps.map((step) => (
          <div role="listitem" key={step.key}>
            <StepRow step={step} />
          </div>
        ))}
      </Flex>
    </Flex>
  );
}
