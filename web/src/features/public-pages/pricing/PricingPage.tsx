import { Button, Card, Col, Flex, Row, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../app/LinkButton.js';
import { contactSalesHref, product } from '../../../app/product.js';
import { withCampaign } from '../campaign-link.js';
import { enterprise, featureRows, formatPlan, plans, type Plan } from './plans.js';

const allPlans = [...plans, enterprise];


function PlanCard({ plan, action }: { plan: Plan; action: ReactNode }) {
  return (
    <Card style={{ height: '100%' }} styles={{ body: { height: '100%' } }}>
      <Flex vertical gap="small" style={{ height: '100%' }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {plan.name}
        </Typography.Title>
        <p style={{ margin: 0 }}>
          <span style={{ fontSize: 28, fontWeight: 600 }}>{formatPlan.monthly(plan)}</span>
          {plan.price === null ? null : <span className="pm-muted"> a month</span>}
        </p>
        <p className="pm-muted" style={{ margin: 0 }}>
          {plan.unitPrice !== null ? `${formatPlan.perUnit(plan)} per unit · ` : null}
          {plan.units ? `${formatPlan.units(plan)} units · ` : null}
          {formatPlan.users(plan)} · {formatPlan.storage(plan)}
        </p>
        <p style={{ margin: 0, flex: 1 }}>{plan.summary}</p>
        {action}
      </Flex>
    </Card>
  );
}

function FeatureValue({ value }: { value: string | boolean }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? <span>✓ Included</span> : <span className="pm-muted">— Not included</span>;
}

/** Spec 2.3 screen 6: hero, the plan cards and Enterprise, and the feature comparison table. */
export function PricingPage() {
  const [search] = useSearchParams();
  const signUp = withCampaign('/signup', search);
  const columns = [
    { title: 'Feature', dataIndex: 'label', key: 'label' },
    ...allPlans.map((plan) => ({
      title: plan.name,
      key: plan.name,
      render: (_: unknown, row: (typeof featureRows)[number]) => <FeatureValue value={row.value(plan)} />,
    })),
  ];

  return (
    <Flex vertical gap={32} style={{ padding: '32px 0' }}>
      <Flex vertical align="center" gap="small" style={{ textAlign: 'center' }}>
        <Typography.Title level={1} style={{ margin: 0 }}>
          Pricing
        </Typography.Title>
        <p className="pm-lead">Try {product.name} free for 30 days — no card needed.</p>
      </Flex>
      <Row gutter={[16, 16]}>
        {plans.map((plan) => (
          <Col key={plan.name} xs={24} sm={12} lg={8}>
            <PlanCard
              plan={plan}
              action={
                <LinkButton to={signUp} type={plan.name === 'Growth' ? 'primary' : 'default'} block aria-label={`Get started with ${plan.name}`}>
                  Get started
                </LinkButton>
              }
            />
          </Col>
        ))}
        <Col xs={24} sm={12} lg={8}>
          <PlanCard
            plan={enterprise}
            action={
              <Flex vertical gap={4}>
                <Button href={contactSalesHref} block>
                  Contact sales
                </Button>
                <span className="pm-muted" style={{ textAlign: 'center', overflowWrap: 'anywhere' }}>
                  {product.salesEmail}
                </span>
              </Flex>
            }
          />
        </Col>
      </Row>
      <section aria-labelledby="compare-plans">
        <Typography.Title level={2} id="compare-plans">
          Compare plans
        </Typography.Title>
        <div className="pm-table-scroll" role="region" aria-label="Plan comparison, scrolls sideways" tabIndex={0}>
          <Table rowKey="label" size="middle" pagination={false} columns={columns} dataSource={featureRows} />
        </div>
      </section>
    </Flex>
  );
}
