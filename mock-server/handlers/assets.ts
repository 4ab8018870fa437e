// Files the mock's pages link to: the stylesheet, read once from mock-server/html/site.css.
import { readFileSync } from 'node:fs';
import { HttpResponse, http } from 'msw';
import { mswPath } from '../../contracts/index.js';
import { STYLESHEET_PATH } from '../html/layout.js';

const css = readFileSync(new URL('../html/site.css', import.meta.url), 'utf8');

export function assetHandlers() {
  // Anonymous, as static files are on an ASP.NET site: the login page needs it before a session exists.
  return [
    http.get(mswPath(STYLESHEET_PATH), () =>
      HttpResponse.text(css, { headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'max-age=300' } }),
    ),
  ];
}
