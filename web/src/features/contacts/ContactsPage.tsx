import { MoreOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Dropdown, Flex, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/http/error-message.js';
import { useGetPropertyLocationQuery, useListContactsQuery } from '../../app/generated/portfolio-api.js';
import { useDebouncedValue } from '../../lib/hooks/useDebouncedValue.js';
import { useLocationIdParam } from '../../app/pm-shell/useLocationIdParam.js';
import { displayPhone } from '../../lib/format/phone-format.js';
import {
  canWriteContacts,
  CONTACT_PAGE_SIZES,
  contactMessages,
  contactPaths,
  contactRoleLabel,
  DEFAULT_CONTACT_PAGE_SIZE,
  detailsOfType,
  type Contact,
  type ContactDetail,
} from './contact.js';
import { AddContactDialog, DeleteContactDialog, ViewContactDialog } from './ContactDialogs.js';
import { canSendMessages } from '../../app/messaging/bulk/bulk-messages.js';
import { SendEmailDialog } from '../../app/messaging/bulk/SendEmailDialog.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';

/** One search request per pause in typing. */
const SEARCH_DEBOUNCE_MS = 300;

const lines = (details: ContactDetail[], show: (detail: ContactDetail) => string = (detail) => detail.value) =>
  details.map((detail, index) => <div key={index}>{detail.label ? `${show(detail)} (${detail.label})` : show(detail)}</div>);

/**
 * property-locations/{id}/contacts (or /property-manager/contacts for the location given): the location's contacts (spec 002 "Community contacts", for a location) with
 * search, sortable Name and Role, pagination, and Add Contact / View / Delete for those who may write contacts.
 */
export function ContactsPage({ locationId: given }: { locationId?: string } = {}) {
  const fromPath = useLocationIdParam();
  const locationId = given ?? fromPath;
  const location = useGetPropertyLocationQuery({ id: locationId });
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const contacts = useListContactsQuery({ location_id: locationId, search: debouncedSearch || undefined });
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<Contact | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const canWrite = canWriteContacts(location.data?.access_role);
  const canSend = canSendMessages(location.data?.access_role);
  /** The recipients the Send E-mail dialog opens with; null while it is closed. */
  const [emailing, setEmailing] = useState<string[] | null>(null);

  return (
    <Card
      title={<PageTitle>Contacts</PageTitle>}
      extra={
        <Space wrap>
          {canSend ? <Button onClick={() => setEmailing([])}>Send E-mail</Button> : null}
          {canWrite ? (
            <Button type="primary" onClick={() => setAdding(true)}>
              Add Contact
            </Button>
          ) : null}
        </Space>
      }
    >
      <Flex vertical gap="middle">
        <Input.Search
          allowClear
          aria-label="Search contacts"
          placeholder={contactMessages.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 360 }}
        />
        {contacts.isError ? (
          <Alert type="error" showIcon role="alert" title={contactMessages.loadFailed(errorMessage(contacts.error, 'Unknown error'))} />
        ) : null}
        <Table<Contact>
          rowKey="id"
          loading={contacts.isFetching}
          dataSource={contacts.isError ? [] : (contacts.data ?? [])}
          locale={{ emptyText: debouncedSearch ? contactMessages.noMatch : contactMessages.noContacts }}
          pagination={{
            defaultPageSize: DEFAULT_CONTACT_PAGE_SIZE,
            pageSizeOptions: CONTACT_PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total, [first, last]) => `${first}-${last} of ${total}`,
          }}
          columns={[
            {
              title: 'Name',
              dataIndex: 'name',
              key: 'name',
              sorter: (a, b) => a.name.localeCompare(b.name),
              // For the location chosen in the shell, a contact has its own page (contacts/{id}).
              render: (name: string, contact) => (given ? <Link to={contactPaths.view(contact.id)}>{name}</Link> : name),
            },
            {
              title: 'Role',
              dataIndex: 'role',
              key: 'role',
              sorter: (a, b) => contactRoleLabel(a.role).localeCompare(contactRoleLabel(b.role)),
              render: (role: string) => <Tag color="blue">{contactRoleLabel(role)}</Tag>,
            },
            { title: 'Email', key: 'email', render: (_value, contact) => lines(detailsOfType(contact, 'email')) },
            { title: 'Phone number', key: 'phone', render: (_value, contact) => lines(detailsOfType(contact, 'phone'), (detail) => displayPhone(detail.value)) },
            // The contact has no job title or company fields; its "other" details (labelled e.g. "Company") carry them.
            { title: 'Job title & company', key: 'other', render: (_value, contact) => lines(detailsOfType(contact, 'other')) },
            ...(canWrite
              ? [
                  {
                    title: '',
                    key: 'actions',
                    render: (_value: unknown, contact: Contact) => (
                      <Dropdown
                        trigger={['click']}
                        menu={{
                          items: [
                            { key: 'view', label: 'View', onClick: () => setViewing(contact) },
                            ...(canSend && detailsOfType(contact, 'email').length > 0
                              ? [{ key: 'email', label: 'Send E-mail', onClick: () => setEmailing(detailsOfType(contact, 'email').map((detail) => detail.value)) }]
                              : []),
                            { key: 'delete', label: 'Delete', danger: true, onClick: () => setDeleting(contact) },
                          ],
                        }}
                      >
                        {/* An icon, not a "⋮" character: a text symbol would be visible text missing from the name. */}
                        <Button size="small" aria-label={`Actions for ${contact.name}`} icon={<MoreOutlined />} />
                      </Dropdown>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Flex>
      <AddContactDialog open={adding} locationId={locationId} onClose={() => setAdding(false)} />
      <SendEmailDialog
        locationId={locationId}
        open={emailing !== null}
        initialRecipients={emailing ?? []}
        suggestions={(contacts.data ?? []).flatMap((contact) => detailsOfType(contact, 'email').map((detail) => ({ email: detail.value, name: contact.name })))}
        onClose={() => setEmailing(null)}
      />
      <ViewContactDialog contact={viewing} locationId={locationId} onClose={() => setViewing(null)} />
      <DeleteContactDialog contact={deleting} locationId={locationId} onClose={() => setDeleting(null)} />
    </Card>
  );
}
