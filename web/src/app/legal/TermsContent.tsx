import { Typography } from 'antd';
import { product } from '../product.js';
import { legalFacts } from './legal-facts.js';

/** The Terms and Conditions, shown on /terms-of-service and in the sign-up and account dialogs. */
export function TermsContent() {
  return (
    <Typography>
      <Typography.Paragraph>These terms are current as of {legalFacts.termsCurrentAsOf}.</Typography.Paragraph>
      <Typography.Title level={2}>The service</Typography.Title>
      <Typography.Paragraph>
        {product.name} is a property management platform. It drafts communications with tenants by text and e-mail
        using artificial intelligence; AI-generated replies are sent only after the owner or manager approves them.
      </Typography.Paragraph>
      <Typography.Title level={2}>Free trials and subscriptions</Typography.Title>
      <Typography.Paragraph>
        Paid plans are recurring subscriptions. A free trial ends at midnight Eastern Time on its last day, after
        which the subscription renews unless cancelled. Fees are non-refundable.
      </Typography.Paragraph>
      <Typography.Title level={2}>Lease generation</Typography.Title>
      <Typography.Paragraph>
        Leases are generated and signed through a third-party lease generation service, whose own terms apply to
        that service.
      </Typography.Paragraph>
      <Typography.Title level={2}>Limitation of liability</Typography.Title>
      <Typography.Paragraph>
        Our total liability is limited to the greater of $100 and the fees you paid in the 12 months before the
        claim.
      </Typography.Paragraph>
    </Typography>
  );
}
