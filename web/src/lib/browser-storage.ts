/**
 * localStorage that never throws: private browsing and full quotas make storage fail, and a forgotten preference
 * is better than a broken screen.
 */
export const browserStorage = {
  read(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  write(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // see above
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // see above
    }
  },
};
