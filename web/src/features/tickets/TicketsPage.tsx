import { SelectedLocationGate } from '../../app/pm-shell/SelectedLocationGate.js';
import { TicketsBoard } from './TicketsBoard.js';

/** /property-manager/tickets: the selected location's Tickets board. */
export function TicketsPage() {
  return <SelectedLocationGate title="Tickets">{(locationId) => <TicketsBoard key={locationId} locationId={locationId} />}</SelectedLocationGate>;
}
