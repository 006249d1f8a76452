/** The public navigation (spec section 1): About Us and Pricing for everyone; the account actions sit beside it. */
export const navLinks = [
  { to: '/about-us', label: 'About Us' },
  { to: '/pricing', label: 'Pricing' },
] as const;

export const footerLinks = [
  { to: '/terms-of-service', label: 'Terms & Conditions' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/status', label: 'Platform status' },
] as const;
