import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The rules the repository's documentation keeps (docs/README.md): README.md is a newcomer's page, and no document is
 * a journal. Git history keeps the dated runs, the before/after stories and the per-issue notes; the docs say how
 * things work now. Checked by docs.spec.ts in `npm test`.
 */

/** The README may grow to this many lines before CI fails it (its target is 250). */
export const README_MAX_LINES = 300;

export interface DocProblem {
  line: number;
  rule: string;
  text: string;
}

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;
const MEASURE_WORDS = /\b(runs?|ran|measured|measurements?|figures?|session|benchmark(ed)?|profiled?)\b/i;

/** Lines outside fenced code blocks, with their 1-based numbers, inline code spans blanked. */
export function proseLines(markdown: string): { line: number; text: string; heading: boolean }[] {
  const result: { line: number; text: string; heading: boolean }[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((raw, index) => {
    const marker = /^\s*(```+|~~~+)/.exec(raw)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker[0];
      else if (marker[0] === fence) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    const text = raw.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length));
    result.push({ line: index + 1, text, heading: /^\s{0,3}#{1,6}\s/.test(raw) });
  });
  return result;
}

/** Dated run logs, before/after narratives and per-issue headings in one Markdown document. */
export function journalProblems(markdown: string): DocProblem[] {
  const problems: DocProblem[] = [];
  for (const { line, text, heading } of proseLines(markdown)) {
    const add = (rule: string): void => {
      problems.push({ line, rule, text: text.trim() });
    };
    if (heading && ISO_DATE.test(text)) add('a heading names a date (a dated run log)');
    else if (ISO_DATE.test(text) && MEASURE_WORDS.test(text)) add('a dated run or measurement');
    else if (/\(\s*\d{4}-\d{2}-\d{2}\s*[),]/.test(text)) add('a dated note');
    if (/\bbefore\s*(→|->|\/|and)\s*after\b/i.test(text) || /^\s*\|\s*\**\s*(before|after)\b/i.test(text)) {
      add('a before/after narrative');
    }
    if (heading && /\bissue\s*#?\d+/i.test(text)) add('a per-issue heading');
  }
  return problems;
}

/**
 * Relative links that do not resolve to a file or folder of the repository (or leave it). Web links, mail links and
 * anchors within the page are not checked.
 */
export function brokenLinks(markdown: string, file: string, root: string): DocProblem[] {
  const problems: DocProblem[] = [];
  const rootDir = resolve(root);
  for (const { line, text } of proseLines(markdown)) {
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      const path = decodeURI(target.split('#')[0] ?? '');
      if (path === '') continue;
      const absolute = path.startsWith('/') ? join(rootDir, path) : resolve(dirname(file), path);
      if (absolute !== rootDir && !absolute.startsWith(rootDir + sep)) {
        problems.push({ line, rule: 'a link leaves the repository', text: target });
      } else if (!existsSync(absolute)) {
        problems.push({ line, rule: `a link to a missing file (${relative(rootDir, absolute)})`, text: target });
      }
    }
  }
  return problems;
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', '.turbo', 'coverage', 'playwright-report']);

/** Every Markdown file under docs/ and every README.md of the repository (dependencies and build output left out). */
export function documentationFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, underDocs: boolean): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name), underDocs || (dir === root && entry.name === 'docs'));
      } else if (entry.name === 'README.md' || (underDocs && entry.name.endsWith('.md'))) {
        files.push(join(dir, entry.name));
      }
    }
  };
  walk(root, false);
  return files.sort();
}
