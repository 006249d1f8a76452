import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DemoApi } from './demo-api.ts';
import { demoPdf } from './seed-demo-conversations.ts';
import { inspectionPdf, leasePdf, scannedPng, wordDocx } from './demo-document-files.ts';
import { type DemoLocation, demoPortfolio } from './demo-portfolio.data.ts';

/** Where the demo's documents enter the vault: the account's local cloud drive. */
export interface DemoDocumentInputs {
  /** The vault's `VAULT_STAGING_DIR`: `<dir>/<accountId>/` is the account's drive. */
  stagingDir: string;
}

/** Files assigned now, and files the drive held that were assigned by an earlier seed. */
export type DemoDocumentsResult = { filed: string[]; kept: number } | { skipped: string };

interface LocationView {
  id: string;
  name: string;
  email: string | null;
}

interface StagedFileView {
  id: string;
  original_name: string;
}

export interface DemoFile {
  /** The drive folder, which becomes the vault folder ('' for the drive's top). */
  folder: string;
  name: string;
  bytes: Buffer;
  locationId: string;
}

const DAY = 24 * 3600 * 1000;
const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * The demo locations' documents, through the product's own inputs: the files are put in the demo account's cloud
 * drive (its local staging folder) and assigned to their locations with the staged-file calls the vault's import
 * panel makes, so they land in "Leases" and "Inspections" folders and are processed like any upload. (The e-mailed
 * document is the repair invoice a Harbor View tenant attaches in the demo conversations, seed-demo-conversations.ts:
 * it reaches the vault's "E-mail attachments" through the SMTP receiver.) Idempotent: an assigned file is no longer
 * staged, so a second seed finds nothing to assign.
 */
/** "Lease - Harbor View Apartments A-101 - Name.pdf"; a single-family home's unit bears its name, said once. */
export function leaseFileName(location: Pick<DemoLocation, 'name'>, tenant: { unit: string; fullName: string }): string {
  const place = tenant.unit === location.name ? location.name : `${location.name} ${tenant.unit}`;
  return `Lease - ${place} - ${tenant.fullName}.pdf`;
}

export async function seedDemoDocuments(api: DemoApi, inputs: DemoDocumentInputs, today = new Date(), portfolio: readonly DemoLocation[] = demoPortfolio): Promise<DemoDocumentsResult> {
  const probe = await api.attempt<{ staged_files: StagedFileView[] }>('GET', 'document/google-drive/staged-files');
  if (probe.status !== 200) return { skipped: `the vault answered ${probe.status} to the staged-file list` };
  const locations = new Map((await api.get<LocationView[]>('property-location/all')).map((location) => [location.name, location]));
  const present = portfolio.filter((location) => locations.has(location.name));
  if (present.length === 0) return { skipped: 'none of the demo locations is in the account' };

  const files: DemoFile[] = [];
  for (const [index, location] of present.entries()) {
    const locationId = locations.get(location.name)!.id;
    const tenant = location.tenants[0];
    if (!tenant) continue;
    const building = location.buildings.find((b) => b.units.includes(tenant.unit)) ?? location.buildings[0];
    const end = new Date(today.getTime() + tenant.leaseEndsInDays * DAY);
    const start = new Date(end);
    start.setUTCMonth(start.getUTCMonth() - tenant.leaseMonths);
    const singleFamily = location.type === 'SINGLE_FAMILY_HOME';
    files.push({
      folder: 'Leases',
      name: leaseFileName(location, tenant),
      locationId,
      bytes: await leasePdf({
        landlord: `${location.name} Management LLC`,
        tenant: tenant.fullName,
        premises: singleFamily ? (building?.addressText ?? location.addressText) : `Unit ${tenant.unit}, ${building?.addressText ?? location.addressText}`,
        start: isoDay(start),
        end: isoDay(end),
        rentDollars: tenant.rentDollars,
        depositDollars: tenant.rentDollars,
        dueDay: 1,
        noticeDays: singleFamily ? 30 : 60,
        singleFamily,
      }),
    });
    if (index !== 0) continue;
    const inspection = await inspectionPdf({
      property: location.name,
      unit: tenant.unit,
      tenant: tenant.fullName,
      date: isoDay(start),
      inspector: location.partners.find((partner) => partner.role === 'MANAGER')?.fullName ?? 'Property manager',
      rooms: [
        { room: 'Living room', condition: 'Good', notes: 'Walls freshly painted; hardwood floor with light wear by the window.' },
        { room: 'Kitchen', condition: 'Good', notes: 'Range, refrigerator and dishwasher tested and working. Small chip on the counter edge left of the sink.' },
        { room: 'Bathroom', condition: 'Fair', notes: 'Caulking around the tub discoloured; exhaust fan works. Faucet drips slowly.' },
        { room: 'Bedroom', condition: 'Good', notes: 'Closet doors slide freely; two window screens present.' },
        { room: 'Smoke and CO detectors', condition: 'Good', notes: 'Both tested on the inspection date.' },
      ],
    });
    files.push({ folder: 'Inspections', name: `Move-in inspection - ${location.name} ${tenant.unit}.pdf`, locationId, bytes: inspection });
    const scan = await scannedPng(inspection);
    if (scan) files.push({ folder: 'Inspections', name: `Move-in inspection - ${location.name} ${tenant.unit} (signed scan).png`, locationId, bytes: scan });
    files.push({
      folder: '',
      name: `House rules - ${location.name}.docx`,
      locationId,
      bytes: wordDocx(`House rules - ${location.name}`, [
        ...location.rules.map((rule) => rule.description),
        'Report maintenance needs through the resident portal or by e-mail to the property address.',
      ]),
    });
  }

  const { filed, kept: keptFiles } = await fileFromDrive(api, inputs, files);
  let kept = keptFiles;

  for (const location of present) {
    const locationId = locations.get(location.name)!.id;
    for (const contact of location.contacts ?? []) {
      if (!contact.document) continue;
      const outcome = await seedContactDocument(api, locationId, contact.name, contact.document);
      if (outcome === 'kept') kept++;
      else if (outcome === 'filed') filed.push(contact.document.filename);
    }
  }

  return { filed, kept };
}

/**
 * Files put in the account's cloud drive (its local staging folder) and assigned to their locations with the
 * staged-file calls the vault's import panel makes, in the order given. A file the drive held already and the vault no
 * longer lists as staged was assigned by an earlier seed: kept, not filed again.
 */
export async function fileFromDrive(api: DemoApi, inputs: DemoDocumentInputs, files: readonly DemoFile[]): Promise<{ filed: string[]; kept: number }> {
  const drive = join(inputs.stagingDir, api.userId);
  for (const file of files) {
    await mkdir(join(drive, file.folder), { recursive: true });
    await writeFile(join(drive, file.folder, file.name), file.bytes);
  }
  const staged = new Map((await api.get<{ staged_files: StagedFileView[] }>('document/google-drive/staged-files')).staged_files.map((file) => [file.original_name, file.id]));
  const filed: string[] = [];
  let kept = 0;
  for (const file of files) {
    const id = staged.get(file.name);
    if (!id) {
      kept++;
      continue;
    }
    await api.post('document/google-drive/complete-staged-upload', { stagedDocumentId: id, locationId: file.locationId });
    filed.push(file.name);
  }
  return { filed, kept };
}

/** How long the vault may take to hear of a contact portfolio created (its ContactChanged) before its upload is refused. */
const CONTACT_COPY_WAIT_MS = 30_000;

/**
 * A demo contact's document, uploaded from their dialog as a manager would (`POST contacts/{id}/documents`), once: kept
 * when the contact's documents list it already; nothing when the user removed the contact.
 */
async function seedContactDocument(api: DemoApi, locationId: string, name: string, document: { filename: string; lines: string[] }): Promise<'filed' | 'kept' | 'no contact'> {
  const contact = (await api.get<{ id: string; name: string }[]>(`contacts?location_id=${locationId}`)).find((candidate) => candidate.name === name);
  if (!contact) return 'no contact';
  const path = `contacts/${contact.id}/documents?location_id=${locationId}`;
  for (const deadline = Date.now() + CONTACT_COPY_WAIT_MS; ; await sleep(500)) {
    const listed = await api.attempt<{ items: { original_name: string }[] }>('GET', path);
    if (listed.status === 200) {
      if (listed.body.items.some((item) => item.original_name === document.filename)) return 'kept';
      break;
    }
    if (listed.status !== 404 || Date.now() > deadline) throw new Error(`GET ${path}: ${listed.status} ${JSON.stringify(listed.body)}`);
  }
  // The form as the contact's dialog posts it: the location among the fields, the file last.
  const form = new FormData();
  form.append('location_id', locationId);
  form.append('file', new Blob([demoPdf(document)], { type: 'application/pdf' }), document.filename);
  const answer = await api.attemptForm(`contacts/${contact.id}/documents`, form, { 'idempotency-key': `demo-contact-document-${contact.id}` });
  if (answer.status !== 201) throw new Error(`POST contacts/${contact.id}/documents: ${answer.status} ${JSON.stringify(answer.body)}`);
  return 'filed';
}
