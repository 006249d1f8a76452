// Resolved against a placeholder origin: a value that escapes it (`//host`, `/\host`, `https:…`) is not a path here.
const here = 'https://site.invalid';
const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char === '\u007f';

/**
 * A path of this site to go to after signing in, or null. Such values come from links anyone can craft (`?redirect=`)
 * and from browser storage, so only a same-origin path is kept: backslashes and control characters are refused
 * outright, since browsers read `/\host` as `//host`.
 */
export function sitePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.includes('\\') || [...value].some(isControl)) return null;
  let url: URL;
  try {
    url = new URL(value, here);
  } catch {
    return null;
  }
  return url.origin === here ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * The links a visitor is brought back to after signing up, verifying the address and logging in (the return path is
 * saved in the browser across those steps, see LoginPage and SignUpPage): a community share link (spec 4.1) and a
 * partner invitation. Nothing else is followed, so a crafted `?redirect=` cannot send anyone to an arbitrary screen.
 */
export function returnLink(value: string | null | undefined): string | null {
  const path = sitePath(value);
  return path && /^\/(share|partner-invitation)\/[^/?#]+(?:[?#]|$)/.test(path) ? path : null;
}
