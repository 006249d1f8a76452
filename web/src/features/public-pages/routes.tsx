import type { RouteObject } from 'react-router';
import { isSpecialHost } from '../../app/special-host.js';
import './public-pages.css';

/**
 * The public pages (spec 2.1 and 2.3). The spec names no route for the property-owner campaign landing and the PDF
 * pitch page; they are /property-owners and /pdf. The special host's home is the PDF welcome page (app/special-host.ts);
 * /old, the former address of the home page, shows the main landing page.
 */
export const publicPageRoutes: RouteObject[] = [
  {
    index: true,
    lazy: { Component: async () => (isSpecialHost() ? (await import('./pdf-pitch/PdfPitchPage.js')).PdfPitchPage : (await import('./home/HomePage.js')).HomePage) },
  },
  { path: 'old', lazy: { Component: async () => (await import('./home/HomePage.js')).HomePage } },
  { path: 'pm', lazy: { Component: async () => (await import('./pm-landing/PropertyManagementPage.js')).PropertyManagementPage } },
  { path: 'property-owners', lazy: { Component: async () => (await import('./property-owners/PropertyOwnerCampaignPage.js')).PropertyOwnerCampaignPage } },
  { path: 'pdf', lazy: { Component: async () => (await import('./pdf-pitch/PdfPitchPage.js')).PdfPitchPage } },
  { path: 'about-us', lazy: { Component: async () => (await import('./about/AboutPage.js')).AboutPage } },
  { path: 'pricing', lazy: { Component: async () => (await import('./pricing/PricingPage.js')).PricingPage } },
  { path: 'terms-of-service', lazy: { Component: async () => (await import('./legal/TermsPage.js')).TermsPage } },
  { path: 'privacy-policy', lazy: { Component: async () => (await import('./legal/PrivacyPolicyPage.js')).PrivacyPolicyPage } },
  { path: 'sign-up', lazy: { Component: async () => (await import('./LegacySignUpRedirect.js')).LegacySignUpRedirect } },
];
