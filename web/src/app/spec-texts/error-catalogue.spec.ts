import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/*
 * Every text of the error catalogues (spec 000 §8 and 001 §8), copied into error-catalogue.json, and where the product
 * says it. A text is shown when a string the product's code writes (a string literal, a template's fixed start, JSX
 * text) is exactly it: the web's own toasts, the contracts' messages the services answer with, the BFF's stream errors.
 * A text the spec gives a feature not built yet names the issue that builds it (`later`); when that issue shows the
 * text, this test fails until it takes the text off its list. `literal` is the part of a text the code writes whole
 * where the spec shows a template ("retrying in Ns... (attempt x/4)") or the page adds a link ("… the issue at").
 */

interface CatalogueText {
  text: string;
  spec: string[];
  literal?: string;
  later?: LaterIssue;
}

const laterIssues = ['payments', 'calendar', 'leases', 'workflows/invoices', 'community'] as const;
type LaterIssue = (typeof laterIssues)[number];

const repo = join(import.meta.dirname, '..', '..', '..', '..');
const catalogue = JSON.parse(readFileSync(join(import.meta.dirname, 'error-catalogue.json'), 'utf8')) as CatalogueText[];
const searched = ['web/src', 'packages/contracts/src', 'bff/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'spec-texts' || entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|int-spec|e2e-spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function decodeJsx(text: string): string {
  return text
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every text each file writes, to the files writing it. */
function writtenTexts(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (text: string, file: string) => {
    if (!found.has(text)) found.set(text, new Set());
    found.get(text)!.add(file);
  };
  for (const root of searched) {
    for (const path of sourceFiles(join(repo, root))) {
      const file = relative(repo, path);
      const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const visit = (node: ts.Node) => {
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) add(node.text, file);
        else if (ts.isJsxText(node)) add(decodeJsx(node.text), file);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found;
}

const written = writtenTexts();
const whereShown = (entry: CatalogueText) => [...(written.get(entry.literal ?? entry.text) ?? [])].sort();

describe('the error catalogues of spec 000 §8 and 001 §8', () => {
  it('lists each text once, for a spec section, with a known later issue', () => {
    const texts = catalogue.map((entry) => entry.text);
    expect(texts.filter((text, index) => texts.indexOf(text) !== index)).toEqual([]);
    expect(catalogue.filter((entry) => entry.spec.length === 0 || entry.spec.some((section) => !/^00[01] §8$/.test(section)))).toEqual([]);
    expect(catalogue.filter((entry) => entry.later !== undefined && !laterIssues.includes(entry.later))).toEqual([]);
  });

  describe.each(catalogue.filter((entry) => entry.later === undefined).map((entry) => [entry.text, entry] as const))('"%s"', (_text, entry) => {
    it(`is shown by ${whereShown(entry).join(', ') || 'nothing yet'}`, () => {
      expect(whereShown(entry)).not.toEqual([]);
    });
  });

  describe.each(catalogue.filter((entry) => entry.later !== undefined).map((entry) => [entry.text, entry] as const))('"%s"', (_text, entry) => {
    it(`waits for the ${entry.later} issue (which takes it off the later list when it shows it)`, () => {
      expect(whereShown(entry)).toEqual([]);
    });
  });
});
