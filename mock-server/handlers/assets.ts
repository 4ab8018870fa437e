// Files the mock's pages link to: the stylesheet, read once from mock-server/html/site.css and scheduler.css.
import { readFileSync } from 'node:fs';
import { HttpResponse, http } from 'msw';
import { mswPath } from '../../contracts/index.js';
import { STYLESHEET_PATH } from '../html/layout.js';

const css = ['site.css', 'scheduler.css'].map((f) => readFileSync(new URL(`../html/${f}`, import.meta.url), 'utf8')).join('\n');

export function assetHandlers() {
  // Anonymous, as static files are on an ASP.NET site: the login page needs it before a session exists.
  return [
    http.get(mswPath(STYLESHEET_PATH), () =>
      HttpResponse.text(css, { headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'max-age=300' } }),
    ),
  ];
}
