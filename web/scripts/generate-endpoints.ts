import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedEndpointFiles } from '../src/app/endpoints/generate.ts';

// Writes web/src/app/generated/ from the contract registry (it reads @pm/contracts' dist: the npm script builds it first).
const web = join(import.meta.dirname, '..');
for (const [path, text] of generatedEndpointFiles()) {
  writeFileSync(join(web, path), text);
  process.stdout.write(`wrote web/${path}\n`);
}
