import { Typography } from 'antd';
import { TermsContent } from '../../../app/legal/TermsContent.js';

export function TermsPage() {
  return (
    <article style={{ maxWidth: 800, margin: '0 auto' }}>
      <Typography.Title level={1}>Terms and Conditions</Typography.Title>
      <TermsContent />
    </article>
  );
}
