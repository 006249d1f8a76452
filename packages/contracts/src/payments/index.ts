import { rpcContractsIn, type EventContract, type RpcContract } from '../define.js';
import * as connectRpc from './rpc/connect.js';
import * as plansRpc from './rpc/plans.js';
import { PlanChanged } from './events/plan-changed.js';
import { RentNoticeRequested } from './events/rent-notice-requested.js';
import { ConnectAccountActivated, RentDetailsSet } from './events/rent-setup-events.js';
import * as rentRpc from './rpc/rent.js';
import * as residentRpc from './rpc/resident.js';
import * as rentSubscriptionRpc from './rpc/rent-subscriptions.js';
import * as ledgerCorrectionRpc from './rpc/ledger-corrections.js';
import * as ownerStatementRpc from './rpc/owner-statement.js';

export * from './rent.js';
export * from './events/rent-notice-requested.js';
export * from './events/rent-setup-events.js';
export * from './rpc/rent.js';
export * from './rpc/connect.js';
export * from './rpc/resident.js';
export * from './rpc/rent-subscriptions.js';
export * from './rpc/ledger-corrections.js';
export * from './rpc/owner-statement.js';
export * from './plans.js';
export * from './rpc/plans.js';
export * from './events/plan-changed.js';

export const paymentsEvents: readonly EventContract[] = [RentNoticeRequested, RentDetailsSet, ConnectAccountActivated, PlanChanged];
export const paymentsRequests: readonly RpcContract[] = rpcContractsIn(rentRpc, connectRpc, residentRpc, rentSubscriptionRpc, ledgerCorrectionRpc, ownerStatementRpc, plansRpc);
