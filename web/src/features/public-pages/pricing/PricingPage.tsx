import { Button, Card, Col, Flex, Row, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { product } from '../../../app/product.js';
import { enterprise, plans, type Plan } from './plans.js';

const columns = [
  { title: 'Plan', dataIndex: 'name', key: 'name' },
  { title: 'Monthly', dataIndex: 'monthly', key: 'monthly' },
  { title: 'Per unit', dataIndex: 'perUnit', key: 'perUnit' },
  { title: 'Units', dataIndex: 'units', key: 'units' },
  { title: 'Users', dataIndex: 'users', key: 'users' },
  { title: 'Storage', dataIndex: 'storage', key: 'storage' },
  { title: 'Notes', dataIndex: 'notes', key: 'notes' },
];

function PlanCard({ plan, action }: { plan: Plan; action: ReactNode }) {
  return (
    <Card title={plan.name} actions={[action]} style={{ height: '100%' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {plan.monthly === 'custom' ? 'Custom' : `${plan.monthly}/mo`}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {plan.units} units · {plan.users} users · {plan.storage}
      </Typography.Paragraph>
      {plan.notes ? <Typography.Paragraph>{plan.notes}</Typography.Paragraph> : null}
    </Card>
  );
}

/** Spec 2.3 screen 6, modest: plan cards, Enterprise, and the comparison table. */
export function PricingPage() {
  return (
    <Flex vertical gap={32} style={{ padding: '32px 0' }}>
      <Flex vertical align="center" style={{ textAlign: 'center' }}>
        <Typography.Title level={1}>Pricing</Typography.Title>
        <Typography.Paragraph type="secondary">Try {product.name} free for 30 days — no card needed.</Typography.Paragraph>
      </Flex>
      <Row gutter={[16, 16]}>
        {plans.map((plan) => (
          <Col key={plan.name} xs={24} sm={12} lg={8}>
            <PlanCard plan={plan} action={<Link to="/signup">Get started</Link>} />
          </Col>
        ))}
        <Col xs={24} sm={12} lg={8}>
          <PlanCard plan={enterprise} action={<Button type="link" href={`mailto:${product.supportEmail ?? ''}?subject=Enterprise`}>Contact sales</Button>} />
        </Col>
      </Row>
      <Table rowKey="name" pagination={false} columns={columns} dataSource={[...plans, enterprise]} scroll={{ x: true }} />
    </Flex>
  );
}
