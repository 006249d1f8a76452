import { useEffect, useState } from 'react';

/** Spec 4.7: the scroll-for-more hint shows while the page is scrolled 150 px or less. */
export const SCROLL_HINT_THRESHOLD_PX = 150;

export function useScrollHint(): boolean {
  const [visible, setVisible] = useState(() => window.scrollY <= SCROLL_HINT_THRESHOLD_PX);
  useEffect(() => {
    const update = () => setVisible(window.scrollY <= SCROLL_HINT_THRESHOLD_PX);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return visible;
}
