// The legal facts the spec gives (section 1). The full legal text is the client's to supply; these pages state
// the facts the product is bound to, word for word where the spec quotes them.
export const legalFacts = {
  termsCurrentAsOf: 'April 11, 2025',
  privacyLastUpdated: 'Aug 17 2024',
  privacyHero: 'We care about your privacy',
} as const;
