import { useId, useState } from 'react';
import type { FaqItem } from './faq-items.js';

/**
 * Spec 4.7: an accordion with one answer open at a time, the first open initially. Written as the WAI-ARIA
 * disclosure pattern (a heading holding a button that controls its region) rather than antd's Collapse, whose
 * accordion mode puts wrapper elements between its tablist and tabs, which assistive technology cannot read.
 */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  const [openKey, setOpenKey] = useState<string | null>(items[0]?.key ?? null);
  const baseId = useId();

  return (
    <div className="pm-faq">
      {items.map(({ key, question, answer }) => {
        const open = openKey === key;
        const buttonId = `${baseId}-${key}-question`;
        const answerId = `${baseId}-${key}-answer`;
        return (
          <div key={key} className="pm-faq-item">
            <h3 className="pm-faq-question">
              <button type="button" id={buttonId} aria-expanded={open} aria-controls={answerId} onClick={() => setOpenKey(open ? null : key)}>
                <span>{question}</span>
                <span aria-hidden="true" className="pm-faq-sign">
                  {open ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div id={answerId} role="region" aria-labelledby={buttonId} hidden={!open} className="pm-faq-answer">
              {answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
