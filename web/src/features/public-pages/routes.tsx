import type { RouteObject } from 'react-router';
import { AboutPage } from './about/AboutPage.js';
import { HomePage } from './home/HomePage.js';
import { PrivacyPolicyPage } from './legal/PrivacyPolicyPage.js';
import { TermsPage } from './legal/TermsPage.js';
import { PricingPage } from './pricing/PricingPage.js';

export const publicPageRoutes: RouteObject[] = [
  { index: true, Component: HomePage },
  { path: 'about-us', Component: AboutPage },
  { path: 'pricing', Component: PricingPage },
  { path: 'terms-of-service', Component: TermsPage },
  { path: 'privacy-policy', Component: PrivacyPolicyPage },
];
