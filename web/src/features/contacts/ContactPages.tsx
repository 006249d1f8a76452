import { Card, Flex, Result, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { LinkButton } from '../../app/LinkButton.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { SelectedLocationGate } from '../../app/pm-shell/SelectedLocationGate.js';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { useGetPropertyLocationQuery, useGetContactQuery } from '../../app/generated/portfolio-api.js';
import { canWriteContacts, contactPaths } from './contact.js';
import { ContactSummary } from './ContactDialogs.js';
import { ContactForm } from './ContactForm.js';
import { ContactsPage } from './ContactsPage.js';

export const contactPageTexts = { title: 'Contacts', add: 'Add Contact', view: 'Contact', edit: 'Edit Contact', loadFailed: 'Failed to fetch contact.' } as const;

/** /property-manager/contacts: the contacts of the location chosen in the shell (the same list as its Contacts tab). */
export function SelectedLocationContactsPage() {
  return <SelectedLocationGate title={contactPageTexts.title}>{(locationId) => <ContactsPage key={locationId} locationId={locationId} />}</SelectedLocationGate>;
}

/** /property-manager/contacts/create: Add Contact for the selected location; back to the list when saved or cancelled. */
export function CreateContactPage() {
  const navigate = useNavigate();
  const back = () => void navigate(contactPaths.list);
  return (
    <SelectedLocationGate title={contactPageTexts.add}>
      {(locationId) => (
        <Card title={<PageTitle>{contactPageTexts.add}</PageTitle>} style={{ maxWidth: 720 }}>
          <ContactForm key={locationId} mode="add" locationId={locationId} onDone={back} onCancel={back} />
        </Card>
      )}
    </SelectedLocationGate>
  );
}

/** /property-manager/contacts/{id}: the contact as the selected location sees it, with its documents and Edit. */
export function ContactViewPage() {
  return <SelectedLocationGate title={contactPageTexts.view}>{(locationId) => <ContactView key={locationId} locationId={locationId} />}</SelectedLocationGate>;
}

/** /property-manager/contacts/{id}/edit: Edit Contact; back to the contact when saved or cancelled. */
export function EditContactPage() {
  return <SelectedLocationGate title={contactPageTexts.edit}>{(locationId) => <ContactView key={locationId} locationId={locationId} editing />}</SelectedLocationGate>;
}

function ContactView({ locationId, editing = false }: { locationId: string; editing?: boolean }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const contact = useGetContactQuery({ id, location_id: locationId });
  const location = useGetPropertyLocationQuery({ id: locationId });
  useLoadErrorToast(contact.isError, contactPageTexts.loadFailed);
  const title = editing ? contactPageTexts.edit : contactPageTexts.view;

  if (contact.isLoading) return <Spin description="Loading…" />;
  if (!contact.data) {
    return (
      <Card title={<PageTitle>{title}</PageTitle>}>
        <Result status="warning" title={contactPageTexts.loadFailed} subTitle={errorMessage(contact.error, '')} extra={<LinkButton to={contactPaths.list}>{contactPageTexts.title}</LinkButton>} />
      </Card>
    );
  }
  const back = () => void navigate(contactPaths.view(contact.data!.id));
  return (
    <Card
      title={<PageTitle>{editing ? title : contact.data.name}</PageTitle>}
      style={{ maxWidth: 880 }}
      extra={
        editing ? null : (
          <Flex gap="small">
            <LinkButton to={contactPaths.list}>{contactPageTexts.title}</LinkButton>
            {canWriteContacts(location.data?.access_role) ? (
              <LinkButton type="primary" to={contactPaths.edit(contact.data.id)}>
                Edit
              </LinkButton>
            ) : null}
          </Flex>
        )
      }
    >
      {editing ? (
        <ContactForm mode="edit" contact={contact.data} locationId={locationId} onDone={back} onCancel={back} />
      ) : (
        <ContactSummary contact={contact.data} locationId={locationId} />
      )}
    </Card>
  );
}
