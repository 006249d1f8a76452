import { Typography } from 'antd';
import { PrivacyContent } from '../../../app/legal/PrivacyContent.js';

export function PrivacyPolicyPage() {
  return (
    <article style={{ maxWidth: 800, margin: '0 auto' }}>
      <Typography.Title level={1}>Privacy Policy</Typography.Title>
      <PrivacyContent />
    </article>
  );
}
