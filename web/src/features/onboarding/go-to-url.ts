import type { NavigateFunction } from 'react-router';

/**
 * Follows a stored redirect: paths and same-origin URLs through the router (no reload, the session stays in
 * memory), other http(s) URLs by a full navigation. Anything else is refused and the fallback is used.
 */
export function goToUrl(url: string, navigate: NavigateFunction, fallback: string): void {
  if (url.startsWith('/') && !url.startsWith('//')) {
    void navigate(url);
    return;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    void navigate(fallback);
    return;
  }
  if (parsed.origin === window.location.origin) void navigate(`${parsed.pathname}${parsed.search}${parsed.hash}`);
  else if (parsed.protocol === 'https:' || parsed.protocol === 'http:') window.location.assign(parsed.href);
  else void navigate(fallback);
}
