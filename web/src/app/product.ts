// The spec names no brand, so the working name lives in exactly one place for the day it gets one.
// The support address is deployment data (the mail domain differs per installation), hence the build variable.
export const product = {
  name: 'PM Platform',
  tagline: 'AI-assisted property management for landlords, managers, owners and residents',
  // Optional chaining: jest runs these modules without Vite, where import.meta.env does not exist.
  supportEmail: import.meta.env?.VITE_SUPPORT_EMAIL,
} as const;
