import type { RouteObject } from 'react-router';
import './public-pages.css';
import { AboutPage } from './about/AboutPage.js';
import { HomePage } from './home/HomePage.js';
import { LegacySignUpRedirect } from './LegacySignUpRedirect.js';
import { PrivacyPolicyPage } from './legal/PrivacyPolicyPage.js';
import { TermsPage } from './legal/TermsPage.js';
import { PdfPitchPage } from './pdf-pitch/PdfPitchPage.js';
import { PropertyManagementPage } from './pm-landing/PropertyManagementPage.js';
import { PricingPage } from './pricing/PricingPage.js';
import { PropertyOwnerCampaignPage } from './property-owners/PropertyOwnerCampaignPage.js';

/**
 * The public pages (spec 2.1 and 2.3). The spec names no route for the property-owner campaign landing and the PDF
 * pitch page; they are /property-owners and /pdf.
 */
export const publicPageRoutes: RouteObject[] = [
  { index: true, Component: HomePage },
  { path: 'pm', Component: PropertyManagementPage },
  { path: 'property-owners', Component: PropertyOwnerCampaignPage },
  { path: 'pdf', Component: PdfPitchPage },
  { path: 'about-us', Component: AboutPage },
  { path: 'pricing', Component: PricingPage },
  { path: 'terms-of-service', Component: TermsPage },
  { path: 'privacy-policy', Component: PrivacyPolicyPage },
  { path: 'sign-up', Component: LegacySignUpRedirect },
];
