import { Button, Card, Flex, Space, Table, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PartnerInvitation } from '@pm/contracts';
import { ConfirmActionDialog } from '../../lib/dialogs/ConfirmActionDialog.js';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { useListPartnersQuery, useGetPropertyLocationQuery, useListPartnerInvitationsQuery, useLeavePropertyLocationMutation, useRevokePartnerInvitationMutation } from '../../app/generated/portfolio-api.js';
import { useLocationIdParam } from '../../app/pm-shell/useLocationIdParam.js';
import { displayPhone } from '../../lib/format/phone-format.js';
import { canManagePartners, partnerMessages, partnerRoleLabel, type Partner } from './partner.js';
import { PartnerFormDialog } from './PartnerFormDialog.js';
import { RemovePartnerDialog } from './RemovePartnerDialog.js';
import { PageTitle, SectionTitle } from '../../app/pm-shell/PageTitle.js';
import { SelectedLocationGate } from '../../app/pm-shell/SelectedLocationGate.js';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * property-locations/{id}/managers: the location's partners, and the invitations not answered yet. Only the
 * location's owner and admins see the add, update, remove and revoke actions; the server refuses the others anyway
 * (403). A partner (anyone but the owner) may leave the location here. /property-manager/invite-member shows it for
 * the location chosen in the shell (`locationId`) with Add Property Partner open on arrival (`inviting`).
 */
export function PartnersPage({ locationId: given, inviting = false }: { locationId?: string; inviting?: boolean } = {}) {
  const fromPath = useLocationIdParam();
  const locationId = given ?? fromPath;
  const navigate = useNavigate();
  const location = useGetPropertyLocationQuery({ id: locationId });
  const partners = useListPartnersQuery({ location_id: locationId });
  const accessRole = location.data?.access_role;
  // Vendors may not see the partner list (partner:read), so they are not asked for the invitations either.
  const invitations = useListPartnerInvitationsQuery({ location_id: locationId }, { skip: !accessRole || accessRole === 'VENDOR' });
  const [revokeInvitation] = useRevokePartnerInvitationMutation();
  const [leaveLocation] = useLeavePropertyLocationMutation();
  const [adding, setAdding] = useState(false);
  const [updating, setUpdating] = useState<Partner | null>(null);
  const [removing, setRemoving] = useState<Partner | null>(null);
  const [revoking, setRevoking] = useState<PartnerInvitation | null>(null);
  const [leaving, setLeaving] = useState(false);
  useLoadErrorToast(partners.isError, partnerMessages.fetchFailed);
  const canManage = canManagePartners(accessRole);
  const isPartner = accessRole !== undefined && accessRole !== 'OWNER';
  const pending = invitations.data ?? [];
  // The invite form opens once, as soon as the location says the caller may invite.
  const invitedOnArrival = useRef(false);
  useEffect(() => {
    if (!inviting || !canManage || invitedOnArrival.current) return;
    invitedOnArrival.current = true;
    setAdding(true);
  }, [inviting, canManage]);

  return (
    <Flex vertical gap="large">
    <Card
      title={<PageTitle>Property Partners</PageTitle>}
      extra={
        <Space>
          {isPartner ? (
            <Button danger onClick={() => setLeaving(true)}>
              Leave this property
            </Button>
          ) : null}
          {canManage ? (
            <Button type="primary" onClick={() => setAdding(true)}>
              Add Property Partner
            </Button>
          ) : null}
        </Space>
      }
    >
      <Table<Partner>
        rowKey="id"
        loading={partners.isLoading}
        dataSource={partners.data ?? []}
        pagination={false}
        locale={{ emptyText: 'No property partners yet' }}
        columns={[
          { title: 'Name', key: 'name', render: (_value, partner) => partner.manager.limitedUser.full_name },
          { title: 'Email', key: 'email', render: (_value, partner) => partner.manager.limitedUser.email },
          { title: 'Phone', key: 'phone', render: (_value, partner) => (partner.manager.limitedUser.phone ? displayPhone(partner.manager.limitedUser.phone) : '') },
          { title: 'Role', key: 'role', render: (_value, partner) => partnerRoleLabel(partner.role) },
          {
            title: 'Emergency contact',
            key: 'emergency',
            render: (_value, partner) => (partner.is_emergency_contact ? <Tag color="red">Emergency contact</Tag> : null),
          },
          ...(canManage
            ? [
                {
                  title: 'Actions',
                  key: 'actions',
                  render: (_value: unknown, partner: Partner) => (
                    <Space>
                      <Button size="small" aria-label={`Update ${partner.manager.limitedUser.full_name}`} onClick={() => setUpdating(partner)}>
                        Update
                      </Button>
                      <Button size="small" danger aria-label={`Remove ${partner.manager.limitedUser.full_name}`} onClick={() => setRemoving(partner)}>
                        Remove
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <PartnerFormDialog mode="add" open={adding} locationId={locationId} onClose={() => setAdding(false)} />
      {updating ? <PartnerFormDialog mode="update" open partner={updating} onClose={() => setUpdating(null)} /> : null}
      <RemovePartnerDialog partner={removing} locationId={locationId} onClose={() => setRemoving(null)} />
      <ConfirmActionDialog
        open={leaving}
        title="Leave this property"
        text={`You will no longer have access to ${location.data?.name ?? 'this property'}. To get it back, the owner has to invite you again.`}
        confirmLabel="Leave"
        action={() => leaveLocation({ id: locationId }).unwrap()}
        success="You left the property"
        failure="Failed to leave the property"
        onClose={() => setLeaving(false)}
        onDone={() => void navigate('/property-manager/property-locations', { replace: true })}
      />
    </Card>
    {pending.length > 0 ? (
      <Card title={<SectionTitle>Pending Invitations</SectionTitle>}>
        <Table<PartnerInvitation>
          rowKey="id"
          dataSource={pending}
          pagination={false}
          columns={[
            { title: 'Name', key: 'name', dataIndex: 'full_name' },
            { title: 'Email', key: 'email', dataIndex: 'email' },
            { title: 'Role', key: 'role', render: (_value, invitation) => partnerRoleLabel(invitation.role) },
            { title: 'Sent', key: 'sent', render: (_value, invitation) => dateFormat.format(new Date(invitation.invited_at)) },
            { title: 'Expires', key: 'expires', render: (_value, invitation) => dateFormat.format(new Date(invitation.expires_at)) },
            ...(canManage
              ? [
                  {
                    title: 'Actions',
                    key: 'actions',
                    render: (_value: unknown, invitation: PartnerInvitation) => (
                      <Button size="small" danger aria-label={`Revoke the invitation of ${invitation.full_name}`} onClick={() => setRevoking(invitation)}>
                        Revoke
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
        <ConfirmActionDialog
          open={revoking !== null}
          title="Revoke Invitation"
          text={revoking ? `Revoke the invitation sent to ${revoking.email}? Its link will stop working.` : ''}
          confirmLabel="Revoke"
          action={() => revokeInvitation({ id: revoking!.id }).unwrap()}
          success="Invitation revoked"
          failure="Failed to revoke the invitation"
          onClose={() => setRevoking(null)}
        />
      </Card>
    ) : null}
    </Flex>
  );
}

/** /property-manager/invite-member (spec 000 §2.1): invite a partner to the location chosen in the shell. */
export function InviteMemberPage() {
  return <SelectedLocationGate title="Property Partners">{(locationId) => <PartnersPage key={locationId} locationId={locationId} inviting />}</SelectedLocationGate>;
}
