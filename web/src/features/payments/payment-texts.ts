/** Spec 001 §8 and 000 §8, word for word, where the spec words them; our own words otherwise (marked). */
export const rentTexts = {
  detailsLoadFailed: 'Failed to fetch rent details.',
  pricesLoadFailed: 'Failed to fetch rent prices.',
  detailsUpdated: 'Rent details updated successfully',
  detailsUpdateFailed: 'Failed to update rent details',
  linkGenerated: 'Rent subscription link generated',
  linkFailed: 'Failed to generate rent subscription link',
  /** A 404 from generate-rent-link: the account has no fully onboarded connected account. */
  completeOnboarding: 'Please complete Stripe onboarding before generating rent links.',
  emailFailed: 'Failed to send payment links email.',
  // Ours: the spec words no failure for these.
  breakdownLoadFailed: 'Could not load the payment breakdown.',
  ledgerLoadFailed: 'Could not load the ledger.',
  rentRollLoadFailed: 'Could not load the rent roll.',
  paymentRecorded: 'Payment recorded',
  paymentRecordFailed: 'Failed to record the payment',
  linkCopied: 'Link copied',
  amountRequired: 'Enter the amount',
  amountFormat: 'Enter an amount in dollars, like 1,850.00',
  methodRequired: 'Choose how it was paid',
  paidOnRequired: 'Enter the day it was paid',
  noRent: 'No rent is set for this unit yet.',
  achDescription: 'Recommended: the lowest fee',
} as const;

/** Spec 000 §8 (payouts) and §4.8 (the three states). */
export const payoutTexts = {
  statusLoadFailed: 'Failed to fetch Stripe account status.',
  statusUnavailable: 'Could not load Stripe account status.',
  onboardingFailed: 'Failed to start Stripe onboarding.',
  onboardingLinkMissing: 'Failed to get Stripe onboarding link.',
  dashboardFailed: 'Failed to get Stripe dashboard link.',
  dashboardLinkMissing: 'Failed to retrieve Stripe dashboard link URL.',
} as const;

/** Spec 000 §2.3 items 16 and 17, §4.5 and §8: the payment result pages. */
export const rentResultTexts = {
  received: 'Your payment has been received.',
  notVerified: 'We could not verify your payment. Please contact support if funds were withdrawn.',
  verificationFailed: 'An error occurred while verifying your payment. Please check your payment history.',
  verificationHeading: 'Something went wrong with your payment verification.',
  cancelled: 'Your rent payment process was cancelled. No charges have been made.',
  goHome: 'Go to Homepage',
  tryAgain: 'Try Again',
} as const;

/** Spec 001 §8 and 000 §8: the subscription plans screen and the account's Subscription tab. */
export const subscriptionTexts = {
  plansLoadFailed: 'Failed to fetch subscription plans.',
  currentLoadFailed: 'Failed to fetch subscription information.',
  cancelLinkMissing: 'Could not retrieve cancellation link',
  cancelLinkFailed: 'Failed to get cancellation link',
  // Ours: the spec words no failure for the checkout call, nor the return page.
  checkoutFailed: 'Failed to start the checkout. Please try again.',
  checkoutReturned: 'Thank you! Your subscription is being set up; this page refreshes in a moment.',
} as const;
