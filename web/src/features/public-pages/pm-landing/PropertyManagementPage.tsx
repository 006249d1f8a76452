import { Card, Col, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../app/LinkButton.js';
import { withCampaign } from '../campaign-link.js';
import { FaqList } from '../faq/FaqList.js';
import { faqItems } from '../faq/faq-items.js';
import { HighlightTabs } from './HighlightTabs.js';
import { CommunicationPreview, EfficiencyPreview, WorkflowPreview } from './ProductPreview.js';

const highlights = [
  {
    label: '24/7 Communication',
    title: 'Every tenant gets an answer, day and night',
    text: 'Tenants text, call or e-mail the property’s own number and address. The AI drafts each reply from your rules, questions and answers and documents, and you approve it before it is sent.',
    preview: <CommunicationPreview />,
  },
  {
    label: 'Streamlined Workflows',
    title: 'Routine work runs on its own',
    text: 'Lease renewals, invoice approvals and reminders follow the steps you draw once. Each step waits for the right person and reminds them when it has to.',
    preview: <WorkflowPreview />,
  },
  {
    label: 'Enhanced Efficiency',
    title: 'See what needs you, and only that',
    text: 'One dashboard for every property: messages waiting for approval, leases ending soon and open maintenance requests, whether you manage one unit or hundreds.',
    preview: <EfficiencyPreview />,
  },
];

const features = [
  { title: 'A number and an address for every property', text: 'Each property gets its own phone number and e-mail address. Tenants need no sign-up or app.' },
  { title: 'Replies you approve', text: 'The AI drafts every reply; nothing reaches a tenant until you approve it.' },
  { title: 'Rent collection', text: 'Card and bank payments with late reminders and receipts, paid straight to your account.' },
  { title: 'Leases and e-signature', text: 'Leases from state-specific templates, signed online through a third-party legal service.' },
  { title: 'An AI property calendar', text: 'Upload a lease and the calendar picks up its dates and who is responsible for what.' },
  { title: 'A document vault that files itself', text: 'Upload, forward by e-mail or share from your cloud drive; documents are categorised for you.' },
];

/** Spec 2.3 screen 4, the property-management landing (/pm): hero, a three-tab selector with a screen, features, FAQ. */
export function PropertyManagementPage() {
  const [search] = useSearchParams();
  // Spec 4.7: the tab selector's index runs from 0 to 2.
  const [activeTab, setActiveTab] = useState(0);

  return (
    <Flex vertical gap={48} style={{ padding: '32px 0' }}>
      <Flex vertical gap="middle" style={{ maxWidth: 760 }}>
        <Typography.Title level={1} style={{ margin: 0 }}>
          Property management that answers your tenants around the clock
        </Typography.Title>
        <p className="pm-lead">
          Automate repetitive work, streamline operations and improve tenant experience — for anyone managing from one unit to hundreds.
        </p>
        <Flex gap="small" wrap>
          <LinkButton to={withCampaign('/signup', search)} type="primary" size="large">
            Start Free
          </LinkButton>
          <LinkButton to="/pricing" size="large">
            See pricing
          </LinkButton>
        </Flex>
      </Flex>

      <section aria-labelledby="pm-highlights">
        <Typography.Title level={2} id="pm-highlights">
          How it helps
        </Typography.Title>
        <HighlightTabs
          label="How it helps"
          active={activeTab}
          onChange={setActiveTab}
          highlights={highlights.map(({ label, title, text, preview }) => ({
            label,
            content: (
              <Row gutter={[32, 24]} align="middle">
                <Col xs={24} md={10}>
                  <Typography.Title level={3} style={{ marginTop: 0 }}>
                    {title}
                  </Typography.Title>
                  <Typography.Paragraph>{text}</Typography.Paragraph>
                </Col>
                <Col xs={24} md={14}>
                  {preview}
                </Col>
              </Row>
            ),
          }))}
        />
      </section>

      <section aria-labelledby="pm-features">
        <Typography.Title level={2} id="pm-features">
          Everything in one place
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {features.map(({ title, text }) => (
            <Col key={title} xs={24} sm={12} lg={8}>
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

      <section aria-labelledby="pm-faq">
        <Typography.Title level={2} id="pm-faq">
          Frequently asked questions
        </Typography.Title>
        <FaqList items={faqItems} />
      </section>
    </Flex>
  );
}
