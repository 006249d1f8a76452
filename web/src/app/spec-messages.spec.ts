import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/*
 * Spec messages live once, in packages/contracts, and the web imports them (form rules through contractRules, toasts
 * and texts through the contracts' named constants). This fails when the web's source spells out a message the
 * contracts already hold. Tests are not scanned: they pin the spec's words on purpose, so a drifted constant fails them.
 */

const root = resolve(import.meta.dirname, '../../..');
const isTest = (file: string) => /\.(spec|int-spec|e2e-spec)\.tsx?$/.test(file) || file.includes(`${'/'}testing${'/'}`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(path) ? [path] : [];
  });
}

type Literal = { text: string; line: number; label: boolean };

/**
 * The string literals of a file as the compiler reads them (comments and template parts with `${}` left out). A call's
 * first argument is a `label`: the contracts word their messages from a field's label (`requiredLine('Title', …)`).
 */
function stringLiterals(fileName: string, text: string): Literal[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const label = ts.isCallExpression(node.parent) && node.parent.arguments[0] === node;
      found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, label });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * A message is a sentence a person reads: it starts with a capital letter and has at least three words, not all of
 * them capitalised (those are a field's label or a title, "Property Rental Address", which the contracts use to word
 * their messages and the form shows beside the field).
 */
function isMessage(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return /^[A-Z]/.test(text) && words.length >= 3 && !words.every((word) => /^[A-Z0-9(]/.test(word));
}

/** Each message of the contracts that the web spells out again, with where. */
function copiedMessages(contracts: { file: string; text: string }[], web: { file: string; text: string }[]): string[] {
  const messages = new Set(
    contracts.flatMap(({ file, text }) => stringLiterals(file, text).filter((literal) => !literal.label && isMessage(literal.text)).map((literal) => literal.text)),
  );
  return web.flatMap(({ file, text }) =>
    stringLiterals(file, text)
      .filter((literal) => messages.has(literal.text))
      .map((literal) => `${file}:${literal.line}: ${JSON.stringify(literal.text)}`),
  );
}

const read = (dir: string) => sourceFiles(join(root, dir)).map((file) => ({ file: relative(root, file), text: readFileSync(file, 'utf8') }));

describe('spec messages', () => {
  it('are spelled out in packages/contracts only: web/src imports them', () => {
    expect(copiedMessages(read('packages/contracts/src'), read('web/src'))).toEqual([]);
  });

  it('a copy in the web is found, wherever it is written; labels, comments and interpolations are not messages', () => {
    const contracts = [
      { file: 'c.ts', text: "export const m = { required: 'Unit name is required' };\nexport const label = 'Property Rental Address';\nconst speech = text('What you say', 1_600);" },
    ];
    const web = [
      { file: 'a.ts', text: "// 'Unit name is required' in a comment\nconst rules = [{ message: `Unit name is required` }];" },
      { file: 'b.tsx', text: 'export const L = () => <Form.Item label="Property Rental Address" aria-label="What you say" extra={"Unit name is required"} />;' },
      { file: 'c.ts', text: 'const m = `${"Unit"} name is required`;' },
    ];
    expect(copiedMessages(contracts, web)).toEqual(['a.ts:2: "Unit name is required"', 'b.tsx:1: "Unit name is required"']);
  });
});
