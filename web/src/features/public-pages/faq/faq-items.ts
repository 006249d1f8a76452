export interface FaqItem {
  key: string;
  question: string;
  answer: string;
}

/**
 * The questions the landing pages answer. The trial length is the FAQ's own statement (spec section 1: the FAQ says
 * 31 days, the pricing hero 30 days with no card; both are kept as given).
 */
export const faqItems: readonly FaqItem[] = [
  {
    key: 'who',
    question: 'Who is it for?',
    answer: 'Landlords, property managers and home owners managing anything from one unit to hundreds.',
  },
  {
    key: 'trial',
    question: 'Is there a free trial?',
    answer:
      'Yes. Every new account starts with a free 31-day trial of the full product. The trial ends at midnight Eastern Time on its last day; cancel before then and you pay nothing.',
  },
  {
    key: 'tenants',
    question: 'Do my tenants need an account?',
    answer:
      'No. Tenants text, call or e-mail the property’s own phone number and address, with no sign-up or app. They use the product free and pay only a small fee for rent payments.',
  },
  {
    key: 'approval',
    question: 'Will the AI reply to my tenants on its own?',
    answer:
      'No. The AI drafts every reply from your property’s questions and answers, rules and documents, and nothing is sent until you approve it.',
  },
  {
    key: 'help',
    question: 'Can someone help me get started?',
    answer: 'Yes. Every new account can book a free 30-minute onboarding call: we set up your first property with you and answer your questions.',
  },
];
