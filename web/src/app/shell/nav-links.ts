/** The public navigation. Only routes that exist are listed; features add theirs as they land. */
export const navLinks = [
  { to: '/', label: 'Home' },
  { to: '/status', label: 'Platform status' },
] as const;
