import { Card, Col, Flex, Row, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../app/LinkButton.js';
import { product } from '../../../app/product.js';
import { withCampaign } from '../campaign-link.js';

const values = [
  { title: 'Innovation', text: 'We put AI to work on the repetitive parts of property management.' },
  { title: 'Reliability', text: 'Tenants get an answer around the clock, and nothing is sent without your approval.' },
  { title: 'Simplicity', text: 'Tenants need no app or account; owners get one place for everything.' },
];

/** Spec 2.3 screen 1. */
export function AboutPage() {
  const [search] = useSearchParams();
  return (
    <Flex vertical gap={40} style={{ padding: '32px 0' }}>
      <Flex vertical align="center" gap="middle" style={{ textAlign: 'center' }}>
        <Typography.Title level={1} style={{ margin: 0 }}>
          About {product.name}
        </Typography.Title>
        <p className="pm-lead" style={{ maxWidth: 640 }}>
          {product.tagline}.
        </p>
        <LinkButton to={withCampaign('/signup', search)} type="primary" size="large">
          Get Started
        </LinkButton>
      </Flex>
      <section>
        <Typography.Title level={2}>Mission</Typography.Title>
        <Typography.Paragraph>Automate repetitive work, streamline operations and improve tenant experience for anyone managing from one unit to hundreds.</Typography.Paragraph>
      </section>
      <section>
        <Typography.Title level={2}>Vision</Typography.Title>
        <Typography.Paragraph>Neighbourhoods where owners, managers and residents work together — and save together.</Typography.Paragraph>
      </section>
      <section>
        <Typography.Title level={2}>Values</Typography.Title>
        <Row gutter={[16, 16]}>
          {values.map(({ title, text }) => (
            <Col key={title} xs={24} md={8}>
              <Card style={{ height: '100%' }}>
                <Typography.Title level={3} style={{ marginTop: 0 }}>
                  {title}
                </Typography.Title>
                {text}
              </Card>
            </Col>
          ))}
        </Row>
      </section>
    </Flex>
  );
}
