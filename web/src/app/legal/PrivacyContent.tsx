import { Typography } from 'antd';
import { product } from '../product.js';
import { legalFacts } from './legal-facts.js';

/** The Privacy Policy, shown on /privacy-policy and in the account dialog. */
export function PrivacyContent() {
  return (
    <Typography>
      <Typography.Title level={3}>{legalFacts.privacyHero}</Typography.Title>
      <Typography.Paragraph type="secondary">Last updated {legalFacts.privacyLastUpdated}.</Typography.Paragraph>
      <Typography.Paragraph>
        {product.name} processes the information you and your tenants give it — names, contact details, messages
        by text and e-mail, property documents and payment records — to run the property management service you
        signed up for: drafting replies with artificial intelligence, collecting rent, generating leases through a
        third-party service and keeping your documents.
      </Typography.Paragraph>
      <Typography.Paragraph>
        We share information only with the providers that deliver those functions (messaging, payments, lease
        generation, hosting), and we do not sell it.
      </Typography.Paragraph>
    </Typography>
  );
}
