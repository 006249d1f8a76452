import { Flex } from 'antd';
import { UnitLedger } from '../ledger/UnitLedger.js';
import { RecurringRentCard } from '../recurring/RecurringRentCard.js';
import { usePaymentWrite } from '../usePaymentWrite.js';
import { PaymentBreakdownCard } from './PaymentBreakdownCard.js';
import { RentDetailsCard } from './RentDetailsCard.js';
import { RentPricesCard } from './RentPricesCard.js';

/**
 * The unit rent view (spec 001 §2: rent details, rent prices, payment breakdown, payment links, recurring rent) and the unit's ledger,
 * a panel of the unit's page. Changing anything needs `payment:write` on the unit's location.
 */
export function UnitRentPanel({ unitId, locationId }: { unitId: string; locationId: string }) {
  const canWrite = usePaymentWrite(locationId);
  return (
    <Flex vertical gap="middle">
      <RentDetailsCard unitId={unitId} canWrite={canWrite} />
      <PaymentBreakdownCard unitId={unitId} canWrite={canWrite} />
      <RecurringRentCard unitId={unitId} canWrite={canWrite} />
      <RentPricesCard unitId={unitId} />
      <UnitLedger unitId={unitId} canWrite={canWrite} />
    </Flex>
  );
}
