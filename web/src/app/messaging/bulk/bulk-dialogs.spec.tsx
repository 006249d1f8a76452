import { jest } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, on, stubBffRoutes } from '../../../../test/pm-bff.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import { SendBulkEmailDialog } from './SendBulkEmailDialog.js';
import { SendBulkSmsDialog } from './SendBulkSmsDialog.js';
import { SendEmailDialog } from './SendEmailDialog.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

const buildingId = crypto.randomUUID();
const locationId = crypto.randomUUID();
const contact = (tenantName: string, unitName: string, email: string | null, phone: string | null) => ({ tenantId: crypto.randomUUID(), tenantName, unitName, email, phone });
const ann = contact('Ann Lee', 'Unit 1A', 'ann@example.com', '5551230001');
const bob = contact('Bob Park', 'Unit 2B', 'bob@example.com', null);
const contactsRoute = () => on('GET', 'building/:id/contacts', () => json([ann, bob]));

function render(element: React.ReactElement) {
  return renderRoutes([{ path: '/', element }], { path: '/' });
}

const dialog = () => screen.getByRole('dialog');
const send = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Send' }));
const posts = (path: string) => bff.requests.filter((request) => request.method === 'POST' && request.path === `/api/${path}`);
const type = (label: string, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });

describe('SendBulkEmailDialog', () => {
  it('shows the spec messages and sends nothing while invalid', async () => {
    bff = stubBffRoutes(contactsRoute());
    render(<SendBulkEmailDialog buildingId={buildingId} open onClose={jest.fn()} />);
    await screen.findByLabelText('Ann Lee · Unit 1A <ann@example.com>');
    send();
    expect(await within(dialog()).findByText('Recipients are required')).toBeTruthy();
    // Each field's error renders on its own (antd validates them one by one): each is waited for.
    expect(await within(dialog()).findByText('Subject is required')).toBeTruthy();
    expect(await within(dialog()).findByText('Message is required')).toBeTruthy();
    expect(posts(`building/${buildingId}/send-bulk-email`)).toHaveLength(0);
  });

  it('confirms a send to more than one recipient with every recipient listed, then sends the form and toasts', async () => {
    bff = stubBffRoutes(contactsRoute(), on('POST', 'building/:id/send-bulk-email', () => json({ message: 'Bulk email sent successfully.', queued: 2 })));
    const onClose = jest.fn();
    render(<SendBulkEmailDialog buildingId={buildingId} open onClose={onClose} />);
    fireEvent.click(await screen.findByLabelText('Ann Lee · Unit 1A <ann@example.com>'));
    fireEvent.click(screen.getByLabelText('Bob Park · Unit 2B <bob@example.com>'));
    type('Subject', 'Water shut-off');
    type('Message', 'The water is off on Friday morning.');
    send();

    expect(await within(dialog()).findByText('Send this e-mail to 2 recipients?')).toBeTruthy();
    const list = within(dialog()).getByRole('list', { name: 'Recipients' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ann Lee · Unit 1A <ann@example.com>', 'Bob Park · Unit 2B <bob@example.com>']);
    expect(posts(`building/${buildingId}/send-bulk-email`)).toHaveLength(0);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Bulk email sent successfully.')).toBeTruthy();
    const [sent] = posts(`building/${buildingId}/send-bulk-email`);
    expect(sent!.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect(sent!.body).toEqual([
      ['recipients', 'ann@example.com'],
      ['recipients', 'bob@example.com'],
      ['subject', 'Water shut-off'],
      ['body', 'The water is off on Friday morning.'],
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('sends to one recipient without a confirmation, and shows the failure toast with the server message', async () => {
    bff = stubBffRoutes(contactsRoute(), on('POST', 'building/:id/send-bulk-email', () => json({ statusCode: 400, message: 'Every recipient must be a tenant of this building' }, 400)));
    const onClose = jest.fn();
    render(<SendBulkEmailDialog buildingId={buildingId} open onClose={onClose} />);
    fireEvent.click(await screen.findByLabelText('Ann Lee · Unit 1A <ann@example.com>'));
    type('Subject', 'Notice');
    type('Message', 'Hello.');
    send();
    expect(await screen.findByText('Failed to send bulk email.')).toBeTruthy();
    expect(within(dialog()).getByText('Every recipient must be a tenant of this building')).toBeTruthy();
    expect(posts(`building/${buildingId}/send-bulk-email`)).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('SendBulkSmsDialog', () => {
  it('requires a message and recipients, and offers no tenant without a phone', async () => {
    bff = stubBffRoutes(contactsRoute());
    render(<SendBulkSmsDialog buildingId={buildingId} locationId={locationId} open onClose={jest.fn()} />);
    const bobBox = (await screen.findByLabelText('Bob Park · Unit 2B (no phone number)')) as HTMLInputElement;
    expect(bobBox.disabled).toBe(true);
    send();
    expect(await within(dialog()).findByText('Message is required')).toBeTruthy();
    expect(await within(dialog()).findByText('Recipients are required')).toBeTruthy();
    expect(posts('sms/bulk-send')).toHaveLength(0);
  });

  it('sends the tenants picked and toasts', async () => {
    bff = stubBffRoutes(contactsRoute(), on('POST', 'sms/bulk-send', () => json({ message: 'Bulk sms sent successfully.', queued: 1, skipped: [] })));
    render(<SendBulkSmsDialog buildingId={buildingId} locationId={locationId} open onClose={jest.fn()} />);
    fireEvent.click(await screen.findByLabelText('Ann Lee · Unit 1A'));
    type('Message', 'Elevator maintenance tomorrow.');
    send();
    expect(await screen.findByText('Bulk sms sent successfully.')).toBeTruthy();
    expect(posts('sms/bulk-send')[0]!.body).toEqual({ location_id: locationId, message: 'Elevator maintenance tomorrow.', tenantIds: [ann.tenantId] });
  });

  it('shows the failure toast', async () => {
    bff = stubBffRoutes(contactsRoute(), on('POST', 'sms/bulk-send', () => json({ statusCode: 409, message: 'This property location has no phone number to send from. Get a phone number for it first.' }, 409)));
    render(<SendBulkSmsDialog buildingId={buildingId} locationId={locationId} open onClose={jest.fn()} />);
    fireEvent.click(await screen.findByLabelText('Ann Lee · Unit 1A'));
    type('Message', 'Hello.');
    send();
    expect(await screen.findByText('Failed to send bulk sms.')).toBeTruthy();
    expect(within(dialog()).getByText(/no phone number to send from/)).toBeTruthy();
  });
});

describe('SendEmailDialog', () => {
  const partnersRoute = () => on('GET', 'property-manager/all', () => json([]));

  it('requires a recipient, a subject and a message', async () => {
    bff = stubBffRoutes(partnersRoute());
    render(<SendEmailDialog locationId={locationId} open suggestions={[]} onClose={jest.fn()} />);
    send();
    // antd shows each field's error as its own validation settles: under load they do not all appear in one render.
    expect(await within(dialog()).findByText('At least one recipient is required')).toBeTruthy();
    expect(await within(dialog()).findByText('Subject is required')).toBeTruthy();
    expect(await within(dialog()).findByText('Message is required')).toBeTruthy();
    expect(posts('conversation/send-email')).toHaveLength(0);
  });

  it('sends an address given twice in another letter case once, and toasts', async () => {
    bff = stubBffRoutes(partnersRoute(), on('POST', 'conversation/send-email', () => json({ message: 'Email sent successfully', queued: 1 })));
    const onClose = jest.fn();
    render(
      <SendEmailDialog
        locationId={locationId}
        open
        suggestions={[{ email: 'sam@example.com', name: 'Sam Rivera' }]}
        initialRecipients={['sam@example.com', 'SAM@example.com', 'ann@example.com']}
        onClose={onClose}
      />,
    );
    type('Subject', 'Boiler service');
    type('Message', 'Could you service the boiler on Tuesday?');
    send();
    expect(await screen.findByText('Email sent successfully')).toBeTruthy();
    expect(posts('conversation/send-email')[0]!.body).toEqual([
      ['locationId', locationId],
      ['recipients', 'sam@example.com'],
      ['recipients', 'ann@example.com'],
      ['subject', 'Boiler service'],
      ['body', 'Could you service the boiler on Tuesday?'],
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('names a recipient that is not an e-mail address, and sends nothing', async () => {
    bff = stubBffRoutes(partnersRoute());
    render(<SendEmailDialog locationId={locationId} open suggestions={[]} initialRecipients={['ann@example.com', 'ann-at-example']} onClose={jest.fn()} />);
    type('Subject', 'Hello');
    type('Message', 'Hello.');
    send();
    expect(await within(dialog()).findByText('Invalid email address: ann-at-example')).toBeTruthy();
    expect(posts('conversation/send-email')).toHaveLength(0);
  });

  const pdf = (name: string) => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });
  const attach = (files: File[]) => fireEvent.change(dialog().querySelector('input[type="file"]')!, { target: { files } });

  it('sends the attached file as a part of the form', async () => {
    bff = stubBffRoutes(partnersRoute(), on('POST', 'conversation/send-email', () => json({ message: 'Email sent successfully', queued: 1 })));
    render(<SendEmailDialog locationId={locationId} open suggestions={[]} initialRecipients={['ann@example.com']} onClose={jest.fn()} />);
    type('Subject', 'Lease');
    type('Message', 'Attached.');
    attach([pdf('lease.pdf')]);
    expect(await within(dialog()).findByText('lease.pdf')).toBeTruthy();
    send();
    expect(await screen.findByText('Email sent successfully')).toBeTruthy();
    expect(posts('conversation/send-email')[0]!.body).toContainEqual(['attachments', 'lease.pdf']);
  });

  it('refuses more than five attachments before sending', async () => {
    bff = stubBffRoutes(partnersRoute());
    render(<SendEmailDialog locationId={locationId} open suggestions={[]} initialRecipients={['ann@example.com']} onClose={jest.fn()} />);
    type('Subject', 'Lease');
    type('Message', 'Attached.');
    attach([1, 2, 3, 4, 5, 6].map((n) => pdf(`page-${n}.pdf`)));
    send();
    expect(await within(dialog()).findByText('At most 5 attachments can be sent')).toBeTruthy();
    expect(posts('conversation/send-email')).toHaveLength(0);
  });

  it("shows the spec's failure toast", async () => {
    bff = stubBffRoutes(partnersRoute(), on('POST', 'conversation/send-email', () => json({ statusCode: 400, message: 'Every recipient must be a tenant, partner or contact of this property location' }, 400)));
    render(<SendEmailDialog locationId={locationId} open suggestions={[]} initialRecipients={['stranger@example.com']} onClose={jest.fn()} />);
    type('Subject', 'Hello');
    type('Message', 'Hello.');
    send();
    expect(await screen.findByText('Failed to sent email')).toBeTruthy();
    expect(within(dialog()).getByText('Every recipient must be a tenant, partner or contact of this property location')).toBeTruthy();
  });
});
