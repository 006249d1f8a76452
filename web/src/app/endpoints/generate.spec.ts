import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATE_COMMAND, generatedEndpointFiles } from './generate.js';

const web = join(import.meta.dirname, '..', '..', '..');

describe('the generated data layer (src/app/generated)', () => {
  const files = generatedEndpointFiles();

  it.each([...files.keys()])('%s is what the contract registry gives', (path) => {
    const committed = readFileSync(join(web, path), 'utf8');
    if (committed !== files.get(path)) throw new Error(`web/${path} is stale: run \`${GENERATE_COMMAND}\``);
  });

  it('holds nothing else', () => {
    const present = readdirSync(join(web, 'src/app/generated')).map((name) => `src/app/generated/${name}`);
    expect(present.filter((path) => !files.has(path))).toEqual([]);
  });
});
