import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Highlight {
  label: string;
  content: ReactNode;
}

/**
 * The landing page's three-tab selector (spec 4.7: index 0 to 2), as the WAI-ARIA tabs pattern: arrow keys, Home and
 * End move between tabs. Written out rather than antd's Tabs, which on a phone moves tabs that do not fit into a
 * "more" button inside the tablist, leaving a tablist that holds something other than tabs.
 */
export function HighlightTabs({ highlights, active, onChange, label }: { highlights: readonly Highlight[]; active: number; onChange: (index: number) => void; label: string }) {
  const baseId = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const select = (index: number) => {
    const next = (index + highlights.length) % highlights.length;
    onChange(next);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: highlights.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="pm-tablist">
        {highlights.map(({ label: tabLabel }, index) => (
          <button
            key={tabLabel}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === active}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === active ? 0 : -1}
            className="pm-tab"
            onClick={() => onChange(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tabLabel}
          </button>
        ))}
      </div>
      {highlights.map(({ label: tabLabel, content }, index) => (
        <div key={tabLabel} role="tabpanel" id={`${baseId}-panel-${index}`} aria-labelledby={`${baseId}-tab-${index}`} hidden={index !== active} className="pm-tabpanel">
          {content}
        </div>
      ))}
    </div>
  );
}
