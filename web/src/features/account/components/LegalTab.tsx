import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { LegalDialog, type LegalDocument } from '../../../app/legal/LegalDialog.js';

export function LegalTab() {
  const [open, setOpen] = useState<LegalDocument | null>(null);
  return (
    <>
      <Typography.Title level={4}>Legal Documents</Typography.Title>
      <Flex gap="middle" wrap>
        <Button onClick={() => setOpen('terms')}>Terms and Conditions</Button>
        <Button onClick={() => setOpen('privacy')}>Privacy Policy</Button>
      </Flex>
      <LegalDialog document={open} onClose={() => setOpen(null)} />
    </>
  );
}
