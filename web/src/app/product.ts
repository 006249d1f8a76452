// The spec names no brand, so the working name lives in exactly one place for the day it gets one.
// Addresses are deployment data (each installation has its own domain), hence the build variables. Sales and privacy
// enquiries must always have somewhere to go, so those two fall back to the working brand's addresses; the support
// address of the full-page error is left out when not configured.
export const product = {
  name: 'PM Platform',
  tagline: 'AI-assisted property management for landlords, managers, owners and residents',
  // Optional chaining: jest runs these modules without Vite, where import.meta.env does not exist.
  supportEmail: import.meta.env?.VITE_SUPPORT_EMAIL,
  salesEmail: import.meta.env?.VITE_SALES_EMAIL || 'sales@pm-platform.example',
  privacyEmail: import.meta.env?.VITE_PRIVACY_EMAIL || 'privacy@pm-platform.example',
} as const;

/** Spec 2.3 screen 6: Enterprise's "Contact sales" opens a mail link, to the sales address of the installation. */
export const contactSalesHref = `mailto:${product.salesEmail}?subject=${encodeURIComponent('Enterprise plan enquiry')}`;
