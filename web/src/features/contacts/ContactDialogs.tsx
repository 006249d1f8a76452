import { Button, Descriptions, Flex, Modal, Tag } from 'antd';
import { useState } from 'react';
import { ConfirmActionDialog } from '../../lib/dialogs/ConfirmActionDialog.js';
import { useListPropertyLocationsQuery, useDeleteContactMutation } from '../../app/generated/portfolio-api.js';
import { displayPhone } from '../../lib/format/phone-format.js';
import { contactMessages, contactRoleLabel, type Contact, type ContactDetail } from './contact.js';
import { ContactDocuments } from './ContactDocuments.js';
import { ContactForm } from './ContactForm.js';

export function AddContactDialog({ open, locationId, onClose }: { open: boolean; locationId: string; onClose: () => void }) {
  return (
    <Modal open={open} title="Add Contact" onCancel={onClose} footer={null} destroyOnHidden>
      {open ? <ContactForm mode="add" locationId={locationId} onDone={onClose} onCancel={onClose} /> : null}
    </Modal>
  );
}

const detailText = (detail: ContactDetail) => {
  const value = detail.type === 'phone' ? displayPhone(detail.value) : detail.value;
  return detail.label ? `${detail.label}: ${value}` : value;
};

/** The contact read-only (name, role, details, locations) and its documents, in the dialog and on its own page. */
export function ContactSummary({ contact, locationId }: { contact: Contact; locationId: string }) {
  const locations = useListPropertyLocationsQuery();
  const locationName = (id: string) => locations.data?.find((location) => location.id === id)?.name ?? id;
  const details = (type: ContactDetail['type']) => contact.details.filter((detail) => detail.type === type).map(detailText).join(', ') || '—';
  return (
    <>
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Name">{contact.name}</Descriptions.Item>
        <Descriptions.Item label="Role">
          <Tag>{contactRoleLabel(contact.role)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Email">{details('email')}</Descriptions.Item>
        <Descriptions.Item label="Phone number">{details('phone')}</Descriptions.Item>
        <Descriptions.Item label="Other">{details('other')}</Descriptions.Item>
        <Descriptions.Item label="Locations">{contact.location_ids.map(locationName).join(', ')}</Descriptions.Item>
      </Descriptions>
      <ContactDocuments contactId={contact.id} contactName={contact.name} locationId={locationId} />
    </>
  );
}

/** View opens the contact read-only; Edit turns the same dialog into its form. */
export function ViewContactDialog({ contact, locationId, onClose }: { contact: Contact | null; locationId: string; onClose: () => void }) {
  const [editing, setEditing] = useState(false);
  // Asked for with the page (this dialog is mounted closed), so the contact forms open with their locations ready.
  useListPropertyLocationsQuery();
  const close = () => {
    setEditing(false);
    onClose();
  };

  return (
    <Modal open={contact !== null} title={editing ? 'Edit Contact' : 'Contact'} onCancel={close} footer={null} destroyOnHidden width={720}>
      {contact && editing ? <ContactForm mode="edit" contact={contact} locationId={locationId} onDone={close} onCancel={() => setEditing(false)} /> : null}
      {contact && !editing ? (
        <>
          <ContactSummary contact={contact} locationId={locationId} />
          <Flex justify="end" gap="small">
            <Button onClick={close}>Close</Button>
            <Button type="primary" onClick={() => setEditing(true)}>
              Edit
            </Button>
          </Flex>
        </>
      ) : null}
    </Modal>
  );
}

/** Delete removes the contact from this location; the service deletes it with its last location. */
export function DeleteContactDialog({ contact, locationId, onClose }: { contact: Contact | null; locationId: string; onClose: () => void }) {
  const [deleteContact] = useDeleteContactMutation();
  return (
    <ConfirmActionDialog
      open={contact !== null}
      title="Delete Contact"
      text={contact ? `Are you sure you want to delete ${contact.name}?` : ''}
      confirmLabel="Delete"
      action={() => deleteContact({ id: contact!.id, location_id: locationId }).unwrap()}
      success={contactMessages.deleted}
      failure={contactMessages.deleteFailed}
      onClose={onClose}
    />
  );
}
