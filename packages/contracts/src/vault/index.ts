import { rpcContractsIn, type EventContract, type RpcContract } from '../define.js';
import { DocumentStatusChanged } from './events/document-status-changed.js';
import { DocumentUploaded } from './events/document-uploaded.js';
import * as documentsRpc from './rpc/documents.js';
import * as filesRpc from './rpc/files.js';

export * from './documents.js';
export * from './events/document-uploaded.js';
export * from './events/document-status-changed.js';
export * from './rpc/documents.js';
export * from './rpc/files.js';
export * from './upload-stream.js';
export * from './streams/status-stream.js';

export const vaultEvents: readonly EventContract[] = [DocumentUploaded, DocumentStatusChanged];
export const vaultRequests: readonly RpcContract[] = rpcContractsIn(documentsRpc, filesRpc);
