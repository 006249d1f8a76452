import { Button, Tour, type TourStepProps } from 'antd';
import { useEffect, useState } from 'react';
import { localKeys, readLocal, writeLocal } from '../storage/local-keys.js';

/** What a step points at, found when the tour opens (a phone's menu is in a closed drawer: its step is left out). */
type Target = () => HTMLElement | null;

const byData = (name: string): Target => () => document.querySelector<HTMLElement>(`[data-tour="${name}"]`);

/**
 * The manager shell's guided tour (spec 000 §2.3 item 15, §4.9). The spec names the tour and when it counts as seen,
 * not its steps: these walk the shell's parts, left to right, in the product's words.
 */
export const guidedTourSteps: readonly { key: string; title: string; description: string; target: Target }[] = [
  {
    key: 'navigation',
    title: 'Your menu',
    description: 'Everything you manage is one click away: your properties, tenants, messages, tickets and documents.',
    target: byData('navigation'),
  },
  {
    key: 'location',
    title: 'Your property',
    description: 'Choose the property location you are working on: every page shows its buildings, tenants and messages.',
    target: () => document.querySelector<HTMLElement>('[data-tour="location"] .ant-select') ?? byData('location')(),
  },
  {
    key: 'inbox',
    title: 'Inbox',
    description: "Tenants' texts and e-mails arrive here with a reply drafted by the AI, for you to check and send. The badge counts the unread ones.",
    target: byData('inbox'),
  },
  {
    key: 'account',
    title: 'Your account',
    description: 'Your contact details, password and subscription, and Logout.',
    target: byData('account'),
  },
  {
    key: 'chat',
    title: 'Chat with AI',
    description: 'Ask the AI about your properties, tenants and documents from any page.',
    target: () => document.querySelector<HTMLElement>('[data-tour="chat"]'),
  },
];

export const guidedTourTexts = { skip: 'Skip tour' } as const;

/**
 * Opens once the shell is `ready` (its data in, the manager has a property) until the tour has been seen in this
 * browser: it is marked viewed locally when finished, skipped or closed (the close button or Escape), never by a
 * reload halfway.
 */
export function GuidedTour({ ready }: { ready: boolean }) {
  const [viewed, setViewed] = useState(() => readLocal(localKeys.guidedTourViewed) !== null);
  const [steps, setSteps] = useState<TourStepProps[] | null>(null);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    if (!ready || viewed || steps) return;
    // After the shell's first paint, so every part it shows is in the page.
    const frame = requestAnimationFrame(() => {
      // The shell's parts stay the same elements while it is shown: each step keeps the one found now.
      setSteps(guidedTourSteps.flatMap(({ title, description, target }) => {
        const element = target();
        return element ? [{ title, description, target: element }] : [];
      }));
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, viewed, steps]);

  const markViewed = () => {
    writeLocal(localKeys.guidedTourViewed, new Date().toISOString());
    setViewed(true);
  };

  if (viewed || !steps || steps.length === 0) return null;
  return (
    <Tour
      open
      steps={steps}
      current={current}
      onChange={setCurrent}
      onClose={markViewed}
      onFinish={markViewed}
      actionsRender={(actions, { current: shown, total }) => (
        <>
          {shown < total - 1 ? (
            <Button size="small" type="text" onClick={markViewed}>
              {guidedTourTexts.skip}
            </Button>
          ) : null}
          {actions}
        </>
      )}
    />
  );
}
