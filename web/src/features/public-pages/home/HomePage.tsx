import { Button, Collapse, Flex, List, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { product } from '../../../app/product.js';
import { withCampaign } from '../campaign-link.js';
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

const faq = [
  {
    key: 'who',
    label: 'Who is it for?',
    children: 'Landlords, property managers and home owners managing anything from one unit to hundreds.',
  },
  {
    key: 'trial',
    label: 'Is there a free trial?',
    children: 'Yes. Our pricing page offers 30 days with no card; our FAQ has said 31 days — either way, you can try it free.',
  },
  {
    key: 'tenants',
    label: 'Do my tenants need an account?',
    children: 'No. Tenants text, call or e-mail the property’s own number and address. They use the product free and pay only a small fee for rent payments.',
  },
  {
    key: 'help',
    label: 'Can someone help me get started?',
    children: 'Yes — we offer a 30-minute onboarding call.',
  },
];

/** Spec 2.3 screen 3, compact: hero with mascot, property types, why-choose-us, FAQ, scroll hint. */
export function HomePage() {
  const [search] = useSearchParams();
  const showScrollHint = useScrollHint();
  const signUp = withCampaign('/signup', search);

  return (
    <Flex vertical gap={48} style={{ padding: '32px 0' }}>
      <Flex wrap gap={32} align="center" justify="center">
        <Flex vertical gap="middle" style={{ maxWidth: 560 }}>
          <Typography.Title level={1} style={{ margin: 0 }}>
            {product.name}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ fontSize: 18, margin: 0 }}>
            {product.tagline}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ margin: 0 }}>
            Automate repetitive work, streamline operations and improve tenant experience — whether you manage one unit or hundreds.
          </Typography.Paragraph>
          <Flex wrap gap="small" aria-label="Property types">
            {propertyTypes.map((type) => (
              <Tag key={type}>{type}</Tag>
            ))}
          </Flex>
          <Flex vertical gap={4} align="start">
            <Link to={signUp}>
              <Button type="primary" size="large">
                Get Started
              </Button>
            </Link>
            <Typography.Text type="secondary">Sign up in less than 5 minutes</Typography.Text>
          </Flex>
        </Flex>
        <RobotMascot speech="Hi! I answer your tenants day and night — you just approve." />
      </Flex>
      {showScrollHint ? (
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          Scroll for more ↓
        </Typography.Text>
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
        {/* Spec 4.7: one item open at a time, the first open initially. */}
        <Collapse accordion defaultActiveKey={[faq[0]!.key]} items={faq} />
      </section>
    </Flex>
  );
}
