import * as contracts from '@pm/contracts';
import { rpcRegistry, type RpcContract } from '@pm/contracts';

/**
 * The web's data layer, written from the contract registry: one `baseApi.injectEndpoints` per context in
 * `src/app/generated/<context>-api.ts`, one endpoint per contract with an HTTP binding (a query for GET, a mutation
 * otherwise), named after the contract (`GetTenant` → `getTenant`, `useGetTenantQuery`) and typed by it. What the
 * registry cannot say, the cache tags and call options, is declared by hand in `src/app/endpoints/<context>.ts`.
 * `generate.spec.ts` fails when a generated file is stale; `npm run generate:endpoints -w @pm/web` writes them again.
 */

export const GENERATE_COMMAND = 'npm run generate:endpoints -w @pm/web';

/** The name each contract is exported under from @pm/contracts (the first in alphabetical order if several). */
function exportedNames(): Map<unknown, string> {
  const names = new Map<unknown, string>();
  for (const [name, value] of Object.entries(contracts).sort(([a], [b]) => a.localeCompare(b))) {
    if (typeof value === 'object' && value !== null && 'kind' in value && !names.has(value)) names.set(value, name);
  }
  return names;
}

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** The endpoint's argument: the contract's request (left out where nothing is required), with a key where it takes one. */
function argOf(name: string, contract: RpcContract): string {
  if (contract.http?.multipart) return `FormRequestOf<typeof ${name}>`;
  const request = `RequestInputOf<typeof ${name}>`;
  const keyed = contract.http?.idempotent ? `Keyed<${request}>` : request;
  return contract.request.safeParse({}).success ? `${keyed} | void` : keyed;
}

function endpointOf(name: string, contract: RpcContract): string {
  const kind = contract.http?.method === 'GET' ? 'query' : 'mutation';
  const definition = kind === 'query' ? 'queryOf' : contract.http?.multipart ? 'formMutationOf' : 'mutationOf';
  return `    ${lowerFirst(name)}: build.${kind}<ResponseOf<typeof ${name}>, ${argOf(name, contract)}>(${definition}(${name}, declared.${name})),`;
}

function fileOf(context: string, named: [string, RpcContract][]): string {
  const api = `${lowerFirst(context.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()))}Api`;
  const used = (text: string) => named.some(([name, contract]) => endpointOf(name, contract).includes(text));
  const helpers = ['formMutationOf', 'mutationOf', 'queryOf'].filter((helper) => used(`${helper}(`));
  const types = ['FormRequestOf', 'Keyed'].filter((type) => used(`${type}<`));
  const hooks = named.map(([name, contract]) => `use${name}${contract.http?.method === 'GET' ? 'Query' : 'Mutation'}`);
  return [
    `// Generated from the contract registry by web/src/app/endpoints/generate.ts (${GENERATE_COMMAND}); do not edit.`,
    `// Cache tags and call options are declared in web/src/app/endpoints/${context}.ts.`,
    'import {',
    ...named.map(([name]) => `  ${name},`),
    ...(named.some(([, contract]) => !contract.http?.multipart) ? ['  type RequestInputOf,'] : []),
    '  type ResponseOf,',
    "} from '@pm/contracts';",
    "import { baseApi } from '../base-api.js';",
    `import { ${[...helpers, ...types.map((type) => `type ${type}`)].join(', ')} } from '../contract-endpoints.js';`,
    `import { ${lowerFirst(api.slice(0, -3))} as declared } from '../endpoints/${context}.js';`,
    '',
    `export const ${api} = baseApi.injectEndpoints({`,
    '  endpoints: (build) => ({',
    ...named.map(([name, contract]) => endpointOf(name, contract)),
    '  }),',
    '});',
    '',
    'export const {',
    ...hooks.map((hook) => `  ${hook},`),
    `} = ${api};`,
    '',
  ].join('\n');
}

/** Every generated file, by its path under web/. */
export function generatedEndpointFiles(): Map<string, string> {
  const names = exportedNames();
  const byContext = new Map<string, [string, RpcContract][]>();
  for (const contract of rpcRegistry) {
    if (contract.http === undefined) continue;
    const name = names.get(contract);
    if (name === undefined) throw new Error(`${contract.subject} is not exported from @pm/contracts`);
    byContext.set(contract.context, [...(byContext.get(contract.context) ?? []), [name, contract]]);
  }
  const files = new Map<string, string>();
  for (const [context, named] of byContext) {
    named.sort(([a], [b]) => a.localeCompare(b));
    files.set(`src/app/generated/${context}-api.ts`, fileOf(context, named));
  }
  return files;
}
