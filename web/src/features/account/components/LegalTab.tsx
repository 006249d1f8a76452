import { Button, Flex } from 'antd';
import { useState } from 'react';
import { LegalDialog, type LegalDocument } from '../../../app/legal/LegalDialog.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';

export function LegalTab() {
  const [open, setOpen] = useState<LegalDocument | null>(null);
  return (
    <>
      <SectionTitle style={{ marginBottom: 16 }}>Legal Documents</SectionTitle>
      <Flex gap="middle" wrap>
        <Button onClick={() => setOpen('terms')}>Terms and Conditions</Button>
        <Button onClick={() => setOpen('privacy')}>Privacy Policy</Button>
      </Flex>
      <LegalDialog document={open} onClose={() => setOpen(null)} />
    </>
  );
}
