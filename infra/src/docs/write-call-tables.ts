import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CALLS_DOC, callTablesMarkdown } from './call-tables.ts';

// Writes docs/calls.md from the contract registry (run after `npx turbo run build`: it reads @pm/contracts' dist).
const root = resolve(import.meta.dirname, '../../..');
writeFileSync(join(root, CALLS_DOC), callTablesMarkdown());
process.stdout.write(`wrote ${CALLS_DOC}\n`);
