import { can } from '@pm/contracts';
import { usePropertyManagerContext } from '../../app/pm-shell/usePropertyManagerContext.js';

/** Whether the caller's role on the location may set rent, record payments and make payment links (`payment:write`). */
export function usePaymentWrite(locationId: string): boolean {
  const { locations } = usePropertyManagerContext();
  const role = locations.find((location) => location.id === locationId)?.access_role;
  return role !== undefined && can(role, 'payment:write');
}
