import { rpcContractsIn, type EventContract, type RpcContract } from '../define.js';
import { DocumentStatusChanged } from './events/document-status-changed.js';
import { DocumentUploaded } from './events/document-uploaded.js';
import { DocumentInsightsReady } from './events/document-insights-ready.js';
import { DocumentTextExtracted } from './events/document-text-extracted.js';
import * as documentsRpc from './rpc/documents.js';
import * as processingRpc from './rpc/processing.js';

export * from './documents.js';
export * from './events/document-uploaded.js';
export * from './events/document-status-changed.js';
export * from './events/document-text-extracted.js';
export * from './events/document-insights-ready.js';
export * from './rpc/documents.js';
export * from './rpc/processing.js';

export const vaultEvents: readonly EventContract[] = [DocumentUploaded, DocumentStatusChanged, DocumentTextExtracted, DocumentInsightsReady];
export const vaultRequests: readonly RpcContract[] = rpcContractsIn(documentsRpc, processingRpc);
