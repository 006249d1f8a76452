import { Modal } from 'antd';
import { PrivacyContent } from './PrivacyContent.js';
import { TermsContent } from './TermsContent.js';

export type LegalDocument = 'terms' | 'privacy';

const titles: Record<LegalDocument, string> = { terms: 'Terms and Conditions', privacy: 'Privacy Policy' };

/** A legal document in a dialog (sign-up terms link, account Legal tab). */
export function LegalDialog({ document, onClose }: { document: LegalDocument | null; onClose: () => void }) {
  return (
    <Modal open={document !== null} title={document ? titles[document] : undefined} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {document === 'terms' ? <TermsContent /> : document === 'privacy' ? <PrivacyContent /> : null}
    </Modal>
  );
}
