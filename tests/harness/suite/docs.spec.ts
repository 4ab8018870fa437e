// The README is the first hour and links every page of docs/; every relative link of the README,
// CONTRIBUTING and docs/ reaches a file, and its #anchor a heading of that file; the counts they name are the registry's.
// Pure: the files are read.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { expect, test } from '../../../fixtures/index.js';
import { REPO_ROOT } from '../../../settings/paths.js';
import { endpoints, pages as pageRoutes } from '../../../contracts/index.js';

const README_MAX_LINES = 200;
const pages = readdirSync(join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md'));
const documents = ['README.md', 'CONTRIBUTING.md', ...pages.map((p) => `docs/${p}`)];
const read = (file: string): string => readFileSync(join(REPO_ROOT, file), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

/** The anchors of a Markdown file's headings (outside fenced code). */
function anchorsOf(text: string): Set<string> {
  const outsideCode = text.split(/^```/m).filter((_, i) => i % 2 === 0);
  return new Set(outsideCode.flatMap((part) => [...part.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] as string))));
}

/** Each relative link of a file that does not resolve: `file: target (why)`. */
function deadLinks(file: string, text = read(file)): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] as string)
    .filter((href) => !/^[a-z]+:/i.test(href))
    .flatMap((href) => {
      const [path, anchor] = href.split('#') as [string, string | undefined];
      const target = path === '' ? file : normalize(join(dirname(file), path));
      if (!existsSync(join(REPO_ROOT, target))) return [`${file}: ${href} (no such file)`];
      if (anchor === undefined || !target.endsWith('.md')) return [];
      return anchorsOf(read(target)).has(anchor) ? [] : [`${file}: ${href} (no heading #${anchor} in ${target})`];
    });
}

test(`the README is at most ${README_MAX_LINES} lines and links every page of docs/`, () => {
  const readme = read('README.md');
  expect(readme.split('\n').length, 'README.md lines').toBeLessThanOrEqual(README_MAX_LINES);
  const unlinked = pages.filter((page) => !readme.includes(`(docs/${page})`));
  expect(unlinked, 'docs pages the README does not link').toEqual([]);
});

test('every relative link of the README, CONTRIBUTING and docs/ reaches its file and heading', () => {
  expect(documents.flatMap((file) => deadLinks(file))).toEqual([]);
});

test('the link check finds a missing file and a missing heading', () => {
  expect(slug('Run it against staging')).toBe('run-it-against-staging');
  expect(slug("This repository's CI")).toBe('this-repositorys-ci');
  expect(anchorsOf('# A\n```\n# not a heading\n```\n## B c\n')).toEqual(new Set(['a', 'b-c']));
  expect(deadLinks('README.md', '[a](docs/no-such-page.md) [b](#no-such-heading) [c](docs/ci.md) [d](https://x.example)')).toEqual([
    'README.md: docs/no-such-page.md (no such file)',
    'README.md: #no-such-heading (no heading #no-such-heading in README.md)',
  ]);
});

test("the counts the README and docs name are the registry's: JSON endpoints and pages", () => {
  const jsonCount = Object.keys(endpoints).length;
  const pageCount = Object.keys(pageRoutes).length;
  const named = documents.flatMap((file) =>
    [
      ...read(file).matchAll(
        /\b(\d+) JSON endpoints|every JSON endpoint \((\d+)\)|of (\d+) JSON endpoints|(\d+)\/\d+ endpoints, (\d+)\/\d+ pages/g,
      ),
    ].map((m) => ({ file, text: m[0], json: Number(m[1] ?? m[2] ?? m[3] ?? m[4]), pages: m[5] === undefined ? undefined : Number(m[5]) })),
  );
  expect(named.length, 'the README names the count').toBeGreaterThan(0);
  const wrong = named.filter((n) => n.json !== jsonCount || (n.pages !== undefined && n.pages !== pageCount));
  expect(
    wrong.map((n) => `${n.file}: "${n.text}"`),
    `the registry has ${jsonCount} JSON endpoints and ${pageCount} pages`,
  ).toEqual([]);
});
