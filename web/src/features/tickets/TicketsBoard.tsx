import { Alert, App, Badge, Button, Card, Col, Empty, Flex, Row, Select, Spin, Tag, Typography } from 'antd';
import { useState, type DragEvent } from 'react';
import { useGetPropertyLocationQuery, useListPartnersQuery } from '../../app/generated/portfolio-api.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { selectSessionUser } from '../../app/session-slice.js';
import { useAppSelector } from '../../app/useAppSelector.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { useAssignTicketMutation, useListTicketsQuery, useResolveTicketMutation } from '../../app/generated/messaging-api.js';
import { canChangeTickets, dropAction, TICKETS_PER_COLUMN, intentLabel, reporterOf, TICKET_DRAG_TYPE, ticketMessages, type Ticket, type TicketStatus } from './tickets.js';

interface Assignee {
  value: string;
  label: string;
}

/** Who a ticket can go to: the caller when they own the location, and its admins and managers who have an account. */
function useAssignees(locationId: string, isOwner: boolean, enabled: boolean): Assignee[] {
  const user = useAppSelector(selectSessionUser);
  const partners = useListPartnersQuery({ location_id: locationId }, { skip: !enabled });
  const managers = (partners.data ?? [])
    .filter((p) => (p.role === 'ADMIN' || p.role === 'MANAGER') && p.user_id)
    .map((p) => ({ value: p.user_id!, label: p.manager.limitedUser.full_name || p.manager.limitedUser.email }));
  return [...(isOwner && user ? [{ value: user.id, label: `${user.full_name || user.email || "You"} (you)` }] : []), ...managers];
}

/**
 * The Tickets board (spec 001 §2 Tickets, §4 Ticket): Open and Resolved columns. Dragging an open card into Resolved
 * resolves it; dragging back or within a column does nothing. Keyboard and screen-reader users resolve with the
 * card's Resolve button, which does the same. Each card can be assigned to a manager of the location or unassigned.
 */
export function TicketsBoard({ locationId }: { locationId: string }) {
  const { notification } = App.useApp();
  const location = useGetPropertyLocationQuery({ id: locationId });
  const role = location.data?.access_role;
  const canChange = canChangeTickets(role);
  const open = useListTicketsQuery({ location_id: locationId, status: 'open', limit: TICKETS_PER_COLUMN });
  const resolved = useListTicketsQuery({ location_id: locationId, status: 'resolved', limit: TICKETS_PER_COLUMN });
  const assignees = useAssignees(locationId, role === 'OWNER', canChange);
  const [resolveTicket] = useResolveTicketMutation();
  const [assignTicket] = useAssignTicketMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<TicketStatus | null>(null);

  const resolve = async (ticket: Ticket) => {
    setBusy(ticket.id);
    try {
      await resolveTicket({ id: ticket.id }).unwrap();
      notification.success({ title: ticketMessages.resolved });
    } catch {
      notification.error({ title: ticketMessages.resolveFailed });
    } finally {
      setBusy(null);
    }
  };

  const assign = async (ticket: Ticket, managerId: string | null) => {
    setBusy(ticket.id);
    try {
      await assignTicket({ id: ticket.id, managerId }).unwrap();
      notification.success({ title: ticketMessages.assigned });
    } catch {
      notification.error({ title: ticketMessages.assignFailed });
    } finally {
      setBusy(null);
    }
  };

  const onDrop = (column: TicketStatus) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDropTarget(null);
    const id = event.dataTransfer.getData(TICKET_DRAG_TYPE);
    const ticket = [...(open.data?.items ?? []), ...(resolved.data?.items ?? [])].find((t) => t.id === id);
    if (ticket && canChange && dropAction(ticket, column) === 'resolve') void resolve(ticket);
  };

  const failed = open.isError ? open.error : resolved.isError ? resolved.error : null;
  const column = (status: TicketStatus, title: string, query: typeof open) => (
    <Col xs={24} md={12}>
      <section
        aria-labelledby={`tickets-${status}`}
        data-testid={`column-${status}`}
        onDragOver={(event) => {
          if (!canChange || !event.dataTransfer.types.includes(TICKET_DRAG_TYPE)) return;
          event.preventDefault();
          setDropTarget(status);
        }}
        onDragLeave={() => setDropTarget(null)}
        onDrop={onDrop(status)}
        style={{ minHeight: 240, padding: 8, borderRadius: 8, outline: dropTarget === status ? '2px dashed #1677ff' : 'none' }}
      >
        <Flex align="center" gap="small" style={{ marginBottom: 12 }}>
          <Typography.Title level={2} id={`tickets-${status}`} style={{ fontSize: 18, margin: 0 }}>
            {title}
          </Typography.Title>
          <Badge count={query.data?.total ?? 0} showZero color={status === 'open' ? '#1677ff' : '#8c8c8c'} />
        </Flex>
        {query.isLoading ? (
          <Spin description={`Loading ${title.toLowerCase()} tickets`} />
        ) : (query.data?.items ?? []).length === 0 ? (
          <Empty description={status === 'open' ? ticketMessages.noOpen : ticketMessages.noResolved} />
        ) : (
          <Flex vertical gap="small" role="list">
            {query.data!.items.map((ticket) => (
              <TicketCard
                key={ticket.id}
                ticket={ticket}
                canChange={canChange}
                busy={busy === ticket.id}
                assignees={assignees}
                onResolve={() => void resolve(ticket)}
                onAssign={(managerId) => void assign(ticket, managerId)}
              />
            ))}
          </Flex>
        )}
      </section>
    </Col>
  );

  return (
    <Card title={<PageTitle>Tickets</PageTitle>}>
      {failed ? <Alert type="error" showIcon role="alert" title={ticketMessages.loadFailed} description={errorMessage(failed, '')} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={[16, 16]}>
        {column('open', 'Open', open)}
        {column('resolved', 'Resolved', resolved)}
      </Row>
    </Card>
  );
}

function TicketCard({
  ticket,
  canChange,
  busy,
  assignees,
  onResolve,
  onAssign,
}: {
  ticket: Ticket;
  canChange: boolean;
  busy: boolean;
  assignees: Assignee[];
  onResolve: () => void;
  onAssign: (managerId: string | null) => void;
}) {
  const reporter = reporterOf(ticket);
  const draggable = canChange && !ticket.resolved;
  const assigned = ticket.assigned_to;
  // The current assignee stays selectable even when they are no longer among the location's managers.
  const options = [
    { value: '', label: 'Unassigned' },
    ...assignees,
    ...(assigned && !assignees.some((a) => a.value === assigned.id)
      ? [{ value: assigned.id, label: assigned.manager.limitedUser.full_name || assigned.manager.limitedUser.email || 'Former manager' }]
      : []),
  ];
  return (
    <Card
      size="small"
      role="listitem"
      aria-label={`Ticket from ${reporter}`}
      draggable={draggable}
      onDragStart={(event) => {
        event.dataTransfer.setData(TICKET_DRAG_TYPE, ticket.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      style={{ cursor: draggable ? 'grab' : 'default' }}
    >
      <Flex vertical gap={6}>
        <Flex gap={6} wrap align="center">
          {ticket.urgent ? <Tag color="red">URGENT</Tag> : null}
          {intentLabel(ticket.intent) ? <Tag>{intentLabel(ticket.intent)}</Tag> : null}
          <Typography.Text strong>{reporter}</Typography.Text>
          <Typography.Text type="secondary">{ticket.sms_id ? 'SMS' : 'E-mail'}</Typography.Text>
        </Flex>
        <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} style={{ margin: 0 }}>
          {ticket.message}
        </Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Opened {new Date(ticket.created_at).toLocaleString()}
          {ticket.resolved_at ? ` · Resolved ${new Date(ticket.resolved_at).toLocaleString()}` : ''}
        </Typography.Text>
        {canChange ? (
          <Flex gap="small" wrap align="center">
            <Select
              size="small"
              aria-label={`Assign the ticket from ${reporter}`}
              value={assigned?.id ?? ''}
              options={options}
              disabled={busy}
              onChange={(value: string) => onAssign(value || null)}
              style={{ minWidth: 180 }}
            />
            {!ticket.resolved ? (
              <Button size="small" type="primary" loading={busy} onClick={onResolve} aria-label={`Resolve the ticket from ${reporter}`}>
                Resolve
              </Button>
            ) : null}
          </Flex>
        ) : assigned ? (
          <Typography.Text type="secondary">Assigned to {assigned.manager.limitedUser.full_name || assigned.manager.limitedUser.email}</Typography.Text>
        ) : null}
      </Flex>
    </Card>
  );
}
