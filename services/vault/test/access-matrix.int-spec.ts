import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import {
  AssignDocumentFolder,
  AssignDocumentLocation,
  CheckStagedUploadLocation,
  CompleteStagedUpload,
  GetDocumentExtract,
  GetDocumentFile,
  GetDocumentSummary,
  ListStagedFiles,
  ReprocessDocument,
  CreateFolder,
  DeleteDocument,
  DeleteFolder,
  GetDocument,
  GetFolderContents,
  GetFolderHierarchy,
  GetRootFolderContents,
  GetTaggingOptions,
  UpdateDocumentTags,
  ListBuildingDocuments,
  UploadBuildingDocument,
  ListUnitDocuments,
  UploadUnitDocument,
  ListTenantDocuments,
  UploadTenantDocument,
  ListContactDocuments,
  UploadContactDocument,
  ListVaultDocuments,
  MoveDocumentsBetweenProperties,
  MoveDocumentsToFolder,
  MoveFoldersBetweenProperties,
  PARTNER_ROLES,
  RegisterUploadedDocument,
  RenameDocument,
  UpdateDocumentCategory,
  type RequestInputOf,
  type RpcContract,
} from '@pm/contracts';
import { describeAccessMatrix, permissionFor, type MatrixEndpoint } from '@pm/access/testing';
import { VaultHarness, type DirectoryPlace, type TestCaller, type VaultWorld } from './support/vault-harness.js';

jest.setTimeout(300_000);

/**
 * The vault's access matrix, as portfolio's and messaging's: two accounts, each with one partner in each of the five
 * roles on its two locations (grants learnt from portfolio's events over JetStream, as in production). For every vault
 * request that names a location, a folder or a document, each partner on their own account's resources gets exactly
 * what ROLE_PERMISSIONS gives their role (else 403), and on the other account's gets 404 whatever their role; owners
 * get everything on theirs and 404 on the other's. The permission each request needs is @pm/access/testing's table,
 * independent of the handlers; every vault request of that table must be called here. A request that changes or
 * removes what it names gets a fresh one for each call (`fixture`), so the calls do not depend on their order.
 */
let harness: VaultHarness;
let stagingDir: string;

interface World extends VaultWorld {
  place: DirectoryPlace;
  /** A second location of the same account, where each partner has the same role (for the moves between them). */
  secondLocationId: string;
  documentId: string;
  folderId: string;
}

type Endpoint = MatrixEndpoint<World, TestCaller>;

/** A request whose payload is made for the world it is called on, by the world's owner, before each call. */
function request<C extends RpcContract>(contract: C, payload: (world: World, as: TestCaller) => RequestInputOf<C> | Promise<RequestInputOf<C>>): Endpoint {
  const name = contract.subject.replace('pm.rpc.vault.', '').replace(/\.v\d+$/, '');
  return { contract, name, permission: permissionFor(contract), call: async (world, as) => harness.call(contract, await payload(world, as), as) };
}

let made = 0;
const pdf = (): Buffer => Buffer.from(`%PDF-1.4\n% access matrix ${Date.now()} ${++made}\n%%EOF\n`);

/** A new document of the world's first location, filed by its owner. */
async function freshDocument(world: World): Promise<string> {
  const file = await harness.storeFile(pdf(), `matrix ${made}.pdf`);
  return (await harness.call(RegisterUploadedDocument, { file, location_ids: [world.locationId] }, world.owner)).documents[0]!.document.id;
}

async function freshFolder(world: World): Promise<string> {
  return (await harness.call(CreateFolder, { name: `Matrix ${++made}`, property_location_id: world.locationId }, world.owner)).id;
}

const endpoints: Endpoint[] = [
  request(RegisterUploadedDocument, async (w) => ({ file: await harness.storeFile(pdf(), 'upload.pdf'), location_ids: [w.locationId] })),
  request(GetDocument, (w) => ({ id: w.documentId })),
  request(ListVaultDocuments, (w) => ({ property_location_id: w.locationId })),
  request(CreateFolder, (w) => ({ name: `Folder ${++made}`, property_location_id: w.locationId })),
  request(GetFolderHierarchy, (w) => ({ id: w.folderId })),
  request(GetFolderContents, (w) => ({ id: w.folderId })),
  request(GetRootFolderContents, (w) => ({ property_location_id: w.locationId })),
  request(DeleteFolder, async (w) => ({ id: await freshFolder(w) })),
  request(MoveDocumentsToFolder, (w) => ({ document_ids: [w.documentId], folder_id: w.folderId })),
  request(AssignDocumentFolder, (w) => ({ id: w.documentId, folder_id: w.folderId })),
  request(RenameDocument, (w) => ({ id: w.documentId, name: 'Renamed by the matrix.pdf' })),
  request(UpdateDocumentCategory, (w) => ({ id: w.documentId, category: 3 })),
  request(DeleteDocument, async (w) => ({ documentId: await freshDocument(w) })),
  request(MoveDocumentsBetweenProperties, async (w) => ({ document_ids: [await freshDocument(w)], source_property_location_id: w.locationId, target_property_location_id: w.secondLocationId })),
  request(MoveFoldersBetweenProperties, async (w) => ({ folder_ids: [await freshFolder(w)], source_property_location_id: w.locationId, target_property_location_id: w.secondLocationId })),
  request(GetTaggingOptions, (w) => ({ property_location_ids: [w.locationId] })),
  request(UpdateDocumentTags, (w) => ({ id: w.documentId, property_location_ids: [w.locationId] })),
  request(ListBuildingDocuments, (w) => ({ id: w.place.buildingId })),
  request(UploadBuildingDocument, async (w) => ({ id: w.place.buildingId, file: [await harness.storeFile(pdf(), 'building.pdf')] })),
  request(ListUnitDocuments, (w) => ({ id: w.place.unitId })),
  request(UploadUnitDocument, async (w) => ({ id: w.place.unitId, file: [await harness.storeFile(pdf(), 'unit.pdf')] })),
  request(ListTenantDocuments, (w) => ({ id: w.place.tenantId })),
  request(UploadTenantDocument, async (w) => ({ id: w.place.tenantId, file: [await harness.storeFile(pdf(), 'tenant.pdf')] })),
  request(ListContactDocuments, (w) => ({ id: w.place.contactId, location_id: w.locationId })),
  request(UploadContactDocument, async (w) => ({ id: w.place.contactId, location_id: w.locationId, file: [await harness.storeFile(pdf(), 'contact.pdf')] })),
  request(GetDocumentFile, (w) => ({ id: w.documentId })),
  request(GetDocumentSummary, (w) => ({ id: w.documentId })),
  request(GetDocumentExtract, (w) => ({ id: w.documentId })),
  request(ReprocessDocument, async (w) => ({ id: await freshDocument(w) })),
  request(CheckStagedUploadLocation, (w) => ({ locationId: w.locationId })),
  // A staged file is the caller's own (their account's drive): what the role decides is the location it is filed in.
  request(CompleteStagedUpload, async (w, as) => {
    const name = `staged ${++made}.pdf`;
    await mkdir(join(stagingDir, as.userId), { recursive: true });
    await writeFile(join(stagingDir, as.userId, name), pdf());
    const staged = (await harness.call(ListStagedFiles, {}, as)).staged_files.find((file) => file.original_name === name);
    return { stagedDocumentId: staged!.id, locationId: w.locationId };
  }),
  // A pending document is the caller's own (their account's): what the role decides is the location it goes to.
  request(AssignDocumentLocation, async (w, as) => {
    const file = await harness.storeFile(pdf(), 'pending.pdf');
    const { documents } = await harness.call(RegisterUploadedDocument, { file }, as);
    return { id: documents[0]!.document.id, property_location_id: w.locationId };
  }),
];

async function buildWorld(): Promise<World> {
  const world = await harness.world();
  const second = await harness.world({ owner: world.owner, name: '40 Oak Avenue' });
  for (const role of PARTNER_ROLES) await harness.share(world.owner, second.locationId, role, world.partners[role]);
  const place = await harness.place(world, { building: 'Building A', unit: '2B', tenant: 'Maria Lopez', manager: 'Jordan Lee' });
  const partial = { ...world, place, secondLocationId: second.locationId, documentId: '', folderId: '' };
  const documentId = await freshDocument(partial);
  // Its reading over (this one's bytes are no real PDF: FAILED), it is given a summary as the assistant's insights
  // leave one, so the summary call has one to answer.
  await harness.reaches(documentId, ['READY', 'PROCESSED', 'FAILED']);
  await harness.db.query(`update ${harness.table('document')} set summary = 'A test document.', summary_outcome = 'fallback' where id = $1`, [documentId]);
  return { ...partial, documentId, folderId: await freshFolder(partial) };
}

let accounts: [World, World];

beforeAll(async () => {
  stagingDir = await mkdtemp(join(tmpdir(), 'vault-matrix-staging-'));
  harness = await VaultHarness.start({ env: { CLOUD_DRIVE_PROVIDER: 'local', VAULT_STAGING_DIR: stagingDir } });
  accounts = [await buildWorld(), await buildWorld()];
});

afterAll(async () => {
  await harness?.close();
  await rm(stagingDir, { recursive: true, force: true });
});

describeAccessMatrix({
  context: 'vault',
  endpoints,
  accounts: () => accounts,
  outcome: (call) => harness.outcome(call),
  stranger: () => harness.caller(),
});
