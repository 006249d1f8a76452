import { Button, Card, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { PageTitle } from './PageTitle.js';

export const ADD_PROPERTY_PATH = '/property-manager/property-locations/create';

const benefits = [
  { title: 'Contact management', text: 'Keep tenants, vendors and partners of every property in one place.' },
  { title: 'Document and communication hub', text: 'Leases, documents, e-mails and texts, organised per property.' },
  { title: 'Unique property e-mails', text: 'Each property gets its own e-mail address; attachments land in its documents.' },
  { title: 'Group savings', text: 'Join neighbours in Save Together groups, with average savings of 15-30%.' },
];

/** The empty-state welcome panel (spec 000 2.5): what the product offers, and the way to the first property. */
export function WelcomePanel() {
  const navigate = useNavigate();
  return (
    <Card>
      <Flex vertical gap="middle" align="start">
        <PageTitle>Welcome! Let&apos;s set up your first property</PageTitle>
        <Flex wrap gap="middle">
          {benefits.map((benefit) => (
            <Card key={benefit.title} size="small" title={benefit.title} style={{ width: 260 }}>
              <Typography.Text type="secondary">{benefit.text}</Typography.Text>
            </Card>
          ))}
        </Flex>
        <Button type="primary" size="large" onClick={() => void navigate(ADD_PROPERTY_PATH)}>
          Add Your First Property
        </Button>
      </Flex>
    </Card>
  );
}
