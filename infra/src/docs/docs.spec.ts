import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { CALLS_DOC, callTablesMarkdown, hasCallTables, withCallTables, WRITE_CALLS_COMMAND } from './call-tables.ts';
import { brokenLinks, documentationFiles, journalProblems, README_MAX_LINES } from './doc-rules.ts';

const root = resolve(import.meta.dirname, '../../..');
const files = documentationFiles(root);
const describeProblems = (file: string, problems: { line: number; rule: string; text: string }[]): string[] =>
  problems.map(({ line, rule, text }) => `${relative(root, file)}:${line}: ${rule}: ${text}`);

describe('the documentation', () => {
  it(`README.md stays a newcomer's page: at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('finds the README, the docs and the service and package READMEs', () => {
    const found = files.map((file) => relative(root, file));
    expect(found).toEqual(expect.arrayContaining(['README.md', 'docs/README.md', 'docs/benchmarks.md', 'services/messaging/README.md']));
  });

  it('holds no dated run log, before/after narrative or per-issue heading', () => {
    const problems = files.flatMap((file) => describeProblems(file, journalProblems(readFileSync(file, 'utf8'))));
    expect(problems).toEqual([]);
  });

  it(`${CALLS_DOC} lists the contract registry as it is (else: ${WRITE_CALLS_COMMAND})`, () => {
    expect(readFileSync(join(root, CALLS_DOC), 'utf8')).toBe(callTablesMarkdown());
  });

  it(`the READMEs' call tables show their contracts as they are (else: ${WRITE_CALLS_COMMAND})`, () => {
    const withTables = files.filter((file) => hasCallTables(readFileSync(file, 'utf8')));
    expect(withTables.map((file) => relative(root, file))).toEqual(expect.arrayContaining(['services/messaging/README.md', 'services/vault/README.md']));
    const stale = withTables.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return withCallTables(text) !== text;
    });
    expect(stale.map((file) => relative(root, file))).toEqual([]);
  });

  it('links only to files of the repository that exist', () => {
    const problems = files.flatMap((file) => describeProblems(file, brokenLinks(readFileSync(file, 'utf8'), file, root)));
    expect(problems).toEqual([]);
  });
});

describe('withCallTables', () => {
  it('writes the named calls between the markers, leaving the rest of the text alone', () => {
    const text = ['Before.', '', '<!-- calls: GetMessageDraft -->', '| stale |', '<!-- /calls -->', '', 'After.'].join('\n');
    const written = withCallTables(text).split('\n');
    expect(written.slice(0, 3)).toEqual(['Before.', '', '<!-- calls: GetMessageDraft -->']);
    expect(written.slice(3, 7)).toEqual(['', '| call | permission | what |', '|---|---|---|', expect.stringMatching(/^\| `GET message\/\{id\}\/draft` \| `message:read` \| /)]);
    expect(written.slice(7)).toEqual(['', '<!-- /calls -->', '', 'After.']);
  });

  it('refuses a name that is not a request contract', () => {
    expect(() => withCallTables('<!-- calls: NoSuchCall -->\n<!-- /calls -->')).toThrow('NoSuchCall');
  });
});

describe('journalProblems', () => {
  it('finds dated runs, before/after stories and per-issue headings', () => {
    const journal = [
      '## Run of 2026-11-24',
      'Last run (2026-11-24, this 2-core VM):',
      'Figures of 2026-12-06: tuning every field correct.',
      '| before (load avg 7–16) | 2,659 req/s |',
      'building list 3.95 → 2.25 ms, before → after',
      '## Messaging (issue 11): SMS in',
    ].join('\n');
    expect(journalProblems(journal).map(({ line, rule }) => `${line} ${rule}`)).toEqual([
      '1 a heading names a date (a dated run log)',
      '2 a dated run or measurement',
      '3 a dated run or measurement',
      '4 a before/after narrative',
      '5 a before/after narrative',
      '6 a per-issue heading',
    ]);
  });

  it('leaves present-tense explanation, date formats and code alone', () => {
    const explanation = [
      '## Latest figures',
      'Dates are written YYYY-MM-DD; a lease starting "the 1st day of June, 2026" reads as one.',
      'The migration `20261124000002_tenant_invitations` keeps a sha256 of the token.',
      'The relay runs before the consumer and after the commit.',
      '```sh',
      '# Run of 2026-11-24 (a comment in a code block)',
      '```',
      'The example `expected: 2026-01-05` is code.',
    ].join('\n');
    expect(journalProblems(explanation)).toEqual([]);
  });
});

describe('brokenLinks', () => {
  const file = join(root, 'docs', 'architecture', 'messages.md');

  it('accepts links to files of the repository, web links and anchors', () => {
    const text = '[access](access.md), [the vault](../../services/vault/README.md), [zod](https://zod.dev), [top](#top)';
    expect(brokenLinks(text, file, root)).toEqual([]);
  });

  it('refuses links that leave the repository or name a missing file', () => {
    const text = 'See [the spec](../../../shared/spec/001.md) and [gone](gone.md); `[code](nowhere.md)` is code.';
    expect(brokenLinks(text, file, root).map(({ rule }) => rule)).toEqual([
      'a link leaves the repository',
      'a link to a missing file (docs/architecture/gone.md)',
    ]);
  });
});
