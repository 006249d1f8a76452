import { Flex, List, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../app/LinkButton.js';
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

/** Spec 2.3 screen 3, compact: hero with mascot, property types, why-choose-us, FAQ, scroll hint. */
export function HomePage() {
  const [search] = useSearchParams();
  const showScrollHint = useScrollHint();
  const signUp = withCampaign('/signup', search);

  return (
    <Flex vertical gap={48} style={{ padding: '32px 0' }}>
      <Flex wrap gap={32} align="center" justify="center">
        <Flex vertical gap="middle" style={{ maxWidth: 560, minWidth: 0 }}>
          <Typography.Title level={1} style={{ margin: 0 }}>
            {product.name}
          </Typography.Title>
          <p className="pm-lead">{product.tagline}</p>
          <Typography.Paragraph style={{ margin: 0 }}>
            Automate repetitive work, streamline operations and improve tenant experience — whether you manage one unit or hundreds.
          </Typography.Paragraph>
          <ul aria-label="Property types" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', padding: 0, margin: 0 }}>
            {propertyTypes.map((type) => (
              <li key={type}>
                <Tag style={{ marginInlineEnd: 0 }}>{type}</Tag>
              </li>
            ))}
          </ul>
          <Flex vertical gap={4} align="start">
            <LinkButton to={signUp} type="primary" size="large">
              Get Started
            </LinkButton>
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
        <Typography.Title level={2} id="why-us">
          Why choose us
        </Typography.Title>
        <List dataSource={reasons} renderItem={(reason) => <List.Item>{reason}</List.Item>} />
      </section>
      <section aria-labelledby="faq">
        <Typography.Title level={2} id="faq">
          Frequently asked questions
        </Typography.Title>
        <FaqList items={faqItems} />
      </section>
    </Flex>
  );
}
