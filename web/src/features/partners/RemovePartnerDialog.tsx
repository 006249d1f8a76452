import { ConfirmActionDialog } from '../../lib/dialogs/ConfirmActionDialog.js';
import { useRemovePartnerMutation } from '../../app/generated/portfolio-api.js';
import { partnerMessages, type Partner } from './partner.js';

/** "Remove Member Access": the partner loses access to this location (spec 001 section 2). */
export function RemovePartnerDialog({ partner, locationId, onClose }: { partner: Partner | null; locationId: string; onClose: () => void }) {
  const [removePartner] = useRemovePartnerMutation();
  return (
    <ConfirmActionDialog
      open={partner !== null}
      title="Remove Member Access"
      text={partner ? `Are you sure you want to remove ${partner.manager.limitedUser.full_name}'s access to this property?` : ''}
      confirmLabel="Remove"
      action={() => removePartner({ id: partner!.id, location_id: locationId }).unwrap()}
      success={partnerMessages.deleted}
      failure={partnerMessages.deleteFailed}
      onClose={onClose}
    />
  );
}
