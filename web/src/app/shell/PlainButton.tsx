import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';
import './plain-button.css';

interface Look {
  type?: 'primary' | 'default';
  size?: 'large' | 'middle';
}

function classOf({ type = 'default', size = 'middle' }: Look, extra?: string): string {
  return ['pm-button', type === 'primary' ? 'pm-button-primary' : '', size === 'large' ? 'pm-button-large' : '', extra ?? ''].filter(Boolean).join(' ');
}

/** A button that looks like antd's (plain-button.css), for the screens in every page's first download. */
export function PlainButton({ type, size, className, ...props }: Look & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>) {
  return <button type="button" {...props} className={classOf({ type, size }, className)} />;
}

/**
 * LinkButton (one `<a>` that looks like a button, following the router on a plain click) in the look of PlainButton.
 */
export function PlainLinkButton({ to, type, size, onClick, children }: Look & { to: string; onClick?: () => void; children: ReactNode }) {
  const href = useHref(to);
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.();
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <a href={href} onClick={follow} className={classOf({ type, size })}>
      {children}
    </a>
  );
}
