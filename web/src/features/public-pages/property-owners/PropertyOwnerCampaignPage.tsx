import { Button, Card, Col, Flex, List, Row, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { LinkButton } from '../../../app/LinkButton.js';
import { localKeys, writeLocal } from '../../../app/storage/local-keys.js';

export const PROPERTY_OWNER_CAMPAIGN = 'property_owner';
const campaignQuery = `?campaign=${PROPERTY_OWNER_CAMPAIGN}`;

const features = [
  {
    title: 'Save Together',
    text: 'Join your neighbours in group deals on utilities, insurance and home services. Prices fall per home as more homes join.',
  },
  {
    title: 'Your community',
    text: 'A private board for your street or association: posts, shared contacts and a community calendar.',
  },
  {
    title: 'Terri, your AI guide',
    text: 'Ask about bills, bus routes, animal control or property taxes and get an answer about where you live.',
  },
  {
    title: 'Your home’s paperwork',
    text: 'Upload or forward documents by e-mail; they are filed and summarised for you, and dates go to your calendar.',
  },
];

const benefits = [
  'Lower bills: group pricing is tiered by the number of homes, so every neighbour who joins lowers the price for all.',
  'Free to join: creating your account and your community costs nothing.',
  'One place for your home: documents, contacts and dates, kept together.',
  'Neighbours you can reach: agree on a deal, share a recommendation or warn about a road closure.',
];

const security = [
  {
    title: 'Role-based access',
    text: 'Everyone you invite has a role — admin, member or viewer — and sees only what that role allows.',
  },
  {
    title: 'Multi-factor authentication',
    text: 'Sign in with Google to protect your account with Google’s multi-factor authentication.',
  },
  {
    title: 'Encrypted and never sold',
    text: 'Your data travels encrypted between your browser and our servers, and we never sell it.',
  },
];

/**
 * Spec 2.3 screen 5, the property-owner campaign landing. Visiting it stores the campaign, so a sign-up started
 * later from any page of the visit still counts for it (spec 9: the campaign propagates to login and signup links).
 */
export function PropertyOwnerCampaignPage() {
  useEffect(() => writeLocal(localKeys.campaign, PROPERTY_OWNER_CAMPAIGN), []);

  return (
    <Flex vertical gap={48} style={{ padding: '32px 0' }}>
      <Flex vertical gap="middle" align="center" style={{ textAlign: 'center' }}>
        <Typography.Title level={1} style={{ margin: 0, maxWidth: 760 }}>
          Save Money Together, Build Stronger Communities
        </Typography.Title>
        <p className="pm-lead" style={{ maxWidth: 640 }}>
          Join your neighbours to get better prices on utilities, insurance and home services — and keep everything about your home in one place.
        </p>
        <Flex gap="small" wrap justify="center">
          <LinkButton to={`/signup${campaignQuery}`} type="primary" size="large">
            Start Saving Today - It&apos;s Free
          </LinkButton>
          <Button size="large" onClick={() => document.getElementById('owner-features')?.scrollIntoView({ behavior: 'smooth' })}>
            See How It Works
          </Button>
        </Flex>
        <span>
          Already have an account? <Link to={`/login${campaignQuery}`} style={{ textDecoration: 'underline' }}>Sign in</Link>
        </span>
      </Flex>

      <section id="owner-features" aria-labelledby="owner-features-title" style={{ scrollMarginTop: 16 }}>
        <Typography.Title level={2} id="owner-features-title">
          How it works
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {features.map(({ title, text }) => (
            <Col key={title} xs={24} sm={12} lg={6}>
              <Card style={{ height: '100%' }}>
                <Typography.Title level={3} style={{ marginTop: 0, fontSize: 18 }}>
                  {title}
                </Typography.Title>
                <Typography.Paragraph style={{ margin: 0 }}>{text}</Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      </section>

      <section aria-labelledby="owner-benefits">
        <Typography.Title level={2} id="owner-benefits">
          Why owners join
        </Typography.Title>
        <List dataSource={benefits} renderItem={(benefit) => <List.Item>{benefit}</List.Item>} />
      </section>

      <section aria-labelledby="owner-security">
        <Typography.Title level={2} id="owner-security">
          Your data stays yours
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {security.map(({ title, text }) => (
            <Col key={title} xs={24} md={8}>
              <Typography.Title level={3} style={{ fontSize: 18 }}>
                {title}
              </Typography.Title>
              <Typography.Paragraph style={{ margin: 0 }}>{text}</Typography.Paragraph>
            </Col>
          ))}
        </Row>
      </section>
    </Flex>
  );
}
