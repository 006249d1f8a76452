import { rpcContractsIn, type EventContract, type RpcContract } from '../define.js';
import { DocumentStatusChanged } from './events/document-status-changed.js';
import { DocumentTextExtracted } from './events/document-text-extracted.js';
import { DocumentUploaded } from './events/document-uploaded.js';
import * as cloudDriveRpc from './rpc/cloud-drive.js';
import * as documentsRpc from './rpc/documents.js';
import * as foldersRpc from './rpc/folders.js';
import * as manageRpc from './rpc/manage.js';
import * as taggingRpc from './rpc/tagging.js';
import * as entityDocumentsRpc from './rpc/entity-documents.js';
import * as processingRpc from './rpc/processing.js';

export * from './documents.js';
export * from './events/document-uploaded.js';
export * from './events/document-status-changed.js';
export * from './events/document-text-extracted.js';
export * from './document-facts.js';
export * from './rpc/documents.js';
export * from './rpc/folders.js';
export * from './rpc/manage.js';
export * from './rpc/tagging.js';
export * from './rpc/entity-documents.js';
export * from './rpc/cloud-drive.js';
export * from './rpc/processing.js';

export const vaultEvents: readonly EventContract[] = [DocumentUploaded, DocumentStatusChanged, DocumentTextExtracted];
export const vaultRequests: readonly RpcContract[] = rpcContractsIn(documentsRpc, foldersRpc, manageRpc, taggingRpc, entityDocumentsRpc, cloudDriveRpc, processingRpc);
