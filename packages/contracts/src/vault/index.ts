import { rpcContractsIn, type EventContract, type RpcContract } from '../define.js';
import { DocumentStatusChanged } from './events/document-status-changed.js';
import { DocumentUploaded } from './events/document-uploaded.js';
import * as cloudDriveRpc from './rpc/cloud-drive.js';
import * as documentsRpc from './rpc/documents.js';

export * from './documents.js';
export * from './events/document-uploaded.js';
export * from './events/document-status-changed.js';
export * from './rpc/documents.js';
export * from './rpc/cloud-drive.js';

export const vaultEvents: readonly EventContract[] = [DocumentUploaded, DocumentStatusChanged];
export const vaultRequests: readonly RpcContract[] = [...rpcContractsIn(documentsRpc), ...rpcContractsIn(cloudDriveRpc)];
