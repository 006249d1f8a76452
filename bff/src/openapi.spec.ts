import { readFileSync } from 'node:fs';
import { generateOpenApi, OPENAPI_FILE } from './openapi.js';

describe('bff/openapi.json', () => {
  it('is up to date with the controllers (regenerate with: npm run openapi -w @pm/bff)', async () => {
    expect(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'))).toEqual(JSON.parse(await generateOpenApi()));
  });
});
