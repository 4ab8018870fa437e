// The page chrome every HTML route shares: a layout with a logout form (live notes: a
// page may hold more than one token input) around the page's own content.
/** The layout's logout form posts here (the ASP.NET MVC template's path; the documents name none). */
export const LOGOFF_PATH = '/Account/LogOff';
/** The mock's stylesheet (the ASP.NET MVC template's path; served by mock-server/handlers/assets.ts). */
export const STYLESHEET_PATH = '/Content/Site.css';

export const esc = (s: unknown): string =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export interface LayoutOptions {
  title: string;
  body: string;
  token?: string;
  user?: string;
  head?: string;
}

export function layout({ title, body, token, user, head = '' }: LayoutOptions): string {
  const logout =
    user && token
      ? `<form id="logoutForm" method="post" action="${LOGOFF_PATH}" class="navbar-right">
        <input name="__RequestVerificationToken" type="hidden" value="${esc(token)}" />
        <span class="user">${esc(user)}</span> <button type="submit">Log off</button>
      </form>`
      : '';
  return `<!DOCTYPE html>
<html lang="en-GB">
<head><meta charset="utf-8" /><title>${esc(title)} - Hall Booking</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}" />${head}</head>
<body>
<header class="navbar"><a href="/">Hall Booking</a>${logout}</header>
<main class="container">
${body}
</main>
</body>
</html>`;
}
