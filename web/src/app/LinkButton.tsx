import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';

/**
 * A link that looks like a button. A router `<Link>` wrapped around a `<Button>` nests a button inside a link, which
 * assistive technology cannot operate (axe: nested-interactive); antd's Button with `href` is one `<a>`, and this keeps
 * the router's client-side navigation for plain clicks (modified clicks open a new tab as links do).
 */
export function LinkButton({ to, onClick, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  const href = useHref(to);
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={href} onClick={follow} />;
}
