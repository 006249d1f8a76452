import { Flex } from 'antd';
import { useSearchParams } from 'react-router';
import { PlainLinkButton } from '../../../app/shell/PlainButton.js';
import { product } from '../../../app/product.js';
import { withCampaign } from '../campaign-link.js';
import { FaqList } from '../faq/FaqList.js';
import { faqItems } from '../faq/faq-items.js';
import { RobotMascot } from './RobotMascot.js';
import { useScrollHint } from './useScrollHint.js';

const propertyTypes = ['Single family homes', 'Townhouses', 'Condominiums', 'Multi-unit buildings', 'ADUs'];

const reasons = [
  'AI answers tenant inquiries by phone, text and email around the clock — you approve every reply before it is sent.',
  'Each property gets its own phone number and e-mail address; tenants need no sign-up or app.',
  'Automated rent collection with late reminders and receipts.',
  'Leases from state-specific templates with e-signature, and an AI calendar that reads them for dates.',
  'A document vault that files what you upload or forward by e-mail.',
];

/**
 * Spec 2.3 screen 3, compact: hero with mascot, property types, why-choose-us, FAQ, scroll hint. Headings, tags and the
 * list are plain elements styled as antd's Title, Tag and List (public-pages.css): the landing page is the first
 * download of most visitors, and those components bring text editing, pagination, a select box and more along.
 */
export function HomePage() {
  const [search] = useSearchParams();
  const showScrollHint = useScrollHint();
  const signUp = withCampaign('/signup', search);

  return (
    <Flex vertical gap={48} style={{ padding: '32px 0' }}>
      <Flex wrap gap={32} align="center" justify="center">
        <Flex vertical gap="middle" style={{ maxWidth: 560, minWidth: 0 }}>
          <h1 className="pm-title pm-title-1" style={{ margin: 0 }}>
            {product.name}
          </h1>
          <p className="pm-lead">{product.tagline}</p>
          <p style={{ margin: 0 }}>
            Automate repetitive work, streamline operations and improve tenant experience — whether you manage one unit or hundreds.
          </p>
          <ul aria-label="Property types" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', padding: 0, margin: 0 }}>
            {propertyTypes.map((type) => (
              <li key={type}>
                <span className="pm-tag">{type}</span>
              </li>
            ))}
          </ul>
          <Flex vertical gap={4} align="start">
            <PlainLinkButton to={signUp} type="primary" size="large">
              Get Started
            </PlainLinkButton>
            <span className="pm-muted">Sign up in less than 5 minutes</span>
          </Flex>
        </Flex>
        <RobotMascot speech="Hi! I answer your tenants day and night — you just approve." />
      </Flex>
      {showScrollHint ? (
        <span className="pm-muted" style={{ textAlign: 'center' }}>
          Scroll for more ↓
        </span>
      ) : null}
      <section aria-labelledby="why-us">
        <h2 className="pm-title pm-title-2" id="why-us">
          Why choose us
        </h2>
        <ul className="pm-split-list">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="faq">
        <h2 className="pm-title pm-title-2" id="faq">
          Frequently asked questions
        </h2>
        <FaqList items={faqItems} />
      </section>
    </Flex>
  );
}
