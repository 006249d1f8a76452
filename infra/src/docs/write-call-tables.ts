import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { CALLS_DOC, callTablesMarkdown, hasCallTables, withCallTables } from './call-tables.ts';
import { documentationFiles } from './doc-rules.ts';

// Writes docs/calls.md and the READMEs' call tables from the contract registry (run after `npx turbo run build`: it
// reads @pm/contracts' dist).
const root = resolve(import.meta.dirname, '../../..');
writeFileSync(join(root, CALLS_DOC), callTablesMarkdown());
process.stdout.write(`wrote ${CALLS_DOC}\n`);
for (const file of documentationFiles(root)) {
  const text = readFileSync(file, 'utf8');
  if (!hasCallTables(text)) continue;
  const written = withCallTables(text);
  if (written === text) continue;
  writeFileSync(file, written);
  process.stdout.write(`wrote the call tables of ${relative(root, file)}\n`);
}
