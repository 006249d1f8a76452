import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { rpcRegistry, type RpcContract } from '@pm/contracts';
import ts from 'typescript';

/*
 * The web reads the platform's answers through the contracts' types (`ResponseOf<typeof GetTenant>`, `Tenant`), never
 * through a hand-made copy, which drifts (a copy once said `is_deleted: boolean` where the contract says `false`). This
 * test finds copies: an interface or object type in web/src/features whose property names (three or more) are all keys
 * of one object in a registered response schema.
 */

const MIN_SHARED_NAMES = 3;
const featuresDir = join(import.meta.dirname, '..', 'features');

type SchemaDef = { type: string; [part: string]: unknown };
type Schema = { _zod: { def: SchemaDef } };

/** The key sets of every object inside a schema: the object itself, its fields', array elements', union members'. */
function objectKeySets(schema: Schema, into: Set<string>[], seen = new Set<Schema>()): Set<string>[] {
  if (seen.has(schema)) return into;
  seen.add(schema);
  const def = schema._zod.def;
  const walk = (inner: unknown) => inner && objectKeySets(inner as Schema, into, seen);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      into.push(new Set(Object.keys(shape)));
      Object.values(shape).forEach(walk);
      break;
    }
    case 'array':
      walk(def.element);
      break;
    case 'union':
      (def.options as Schema[]).forEach(walk);
      break;
    case 'record':
      walk(def.valueType);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    default:
      // nullable, optional, default, readonly, catch, nonoptional… wrap one schema.
      walk(def.innerType);
  }
  return into;
}

const responseKeySets = rpcRegistry.flatMap((contract: RpcContract) =>
  objectKeySets(contract.response as unknown as Schema, []).map((keys) => ({ subject: contract.subject, keys })),
);

interface Copy {
  line: number;
  names: string[];
  subject: string;
}

/** The interfaces and object type literals of one source text that repeat a response object's keys. */
function findCopiedShapes(fileName: string, text: string): Copy[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const copies: Copy[] = [];
  const check = (node: ts.Node, members: ts.NodeArray<ts.TypeElement>) => {
    const names = members
      .filter(ts.isPropertySignature)
      .map((member) => (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : undefined))
      .filter((name): name is string => name !== undefined);
    if (names.length < MIN_SHARED_NAMES || names.length !== members.length) return;
    const match = responseKeySets.find(({ keys }) => names.every((name) => keys.has(name)));
    if (match) copies.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, names, subject: match.subject });
  };
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) && node.heritageClauses === undefined) check(node, node.members);
    if (ts.isTypeLiteralNode(node)) check(node, node.members);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return copies;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('web features use the contracts’ response types', () => {
  it('knows the response objects it compares with', () => {
    // A registry walk that found nothing would make the next test pass for the wrong reason.
    const tenantKeys = responseKeySets.find(({ subject }) => subject === 'pm.rpc.portfolio.tenant.get.v1');
    expect(tenantKeys?.keys).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect([...tenantKeys!.keys]).toEqual(expect.arrayContaining(['id', 'full_name', 'is_deleted', 'buildingName']));
  });

  it('finds a hand-copied response shape, as an interface or as an object type', () => {
    const planted = `
      export interface Tenant { id: string; full_name: string; is_deleted: boolean; unit_id: string }
      export type LocationUnit = { id: string; name: string; building_name: string };
      export interface DialogProps { open: boolean; onClose: () => void; title: string }
      export type TenantAlias = ResponseOf<typeof GetTenant>;
    `;
    const copies = findCopiedShapes('planted.ts', planted);
    expect(copies.map(({ line, names }) => ({ line, names }))).toEqual([
      { line: 2, names: ['id', 'full_name', 'is_deleted', 'unit_id'] },
      { line: 3, names: ['id', 'name', 'building_name'] },
    ]);
  });

  it('finds none in web/src/features', () => {
    const copies = sourceFiles(featuresDir).flatMap((file) =>
      findCopiedShapes(file, readFileSync(file, 'utf8')).map(({ line, names, subject }) => `${relative(featuresDir, file)}:${line} {${names.join(', ')}} copies ${subject}`),
    );
    expect(copies).toEqual([]);
  });
});
