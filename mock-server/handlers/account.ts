// Login, logout and the logged-in landing pages (interface doc, "Authentication").
import { HttpResponse, http } from 'msw';
import { LOGIN_PATH, TOKEN_FIELD, mswPath, pagePath, pages } from '../../contracts/index.js';
import type { MockContext } from '../context.js';
import { esc, layout, LOGOFF_PATH } from '../html/layout.js';
import { AUTH_COOKIE } from '../session.js';
import { readForm } from '../binding.js';
import {
  currentUser,
  htmlWithToken,
  loginRedirect,
  notFoundPage,
  pageRoute,
  antiForgeryFailure,
  sessionId,
  tokenValid,
} from '../routes.js';

function loginPage(token: string, { email = '', message = '', user = '' } = {}): string {
  return layout({
    title: 'Log in',
    token,
    user,
    body: `<h1>Log in</h1>
<form action="${LOGIN_PATH}" method="post" id="loginForm">
  <input name="${TOKEN_FIELD}" type="hidden" value="${esc(token)}" />
  ${message ? `<div class="validation-summary-errors" role="alert"><ul><li>${esc(message)}</li></ul></div>` : ''}
  <label for="Email">Email</label>
  <input id="Email" name="Email" type="email" autocomplete="username" value="${esc(email)}" />
  <label for="Password">Password</label>
  <input id="Password" name="Password" type="password" autocomplete="current-password" />
  <label><input id="RememberMe" name="RememberMe" type="checkbox" value="true" /> Remember me</label>
  <input name="RememberMe" type="hidden" value="false" />
  <button type="submit">Log in</button>
</form>`,
  });
}

export function accountHandlers(mock: MockContext) {
  const dashboard = pagePath('dashboardPage', { hall_id: mock.hallId });
  return [
    // The site's root, where the header link leads: the login page when logged out (as any
    // protected page redirects), else the landing page (the bookings index when the dashboard is a 404).
    http.get('/', ({ request }) => {
      if (!currentUser(mock, request)) return loginRedirect(request);
      const home = mock.options.dashboard404 ? pagePath('bookingsIndexPage', { hall_id: mock.hallId }) : dashboard;
      return new HttpResponse(null, { status: 302, headers: { Location: home } });
    }),

    pageRoute(mock, pages.loginPage, ({ request, user }) =>
      htmlWithToken(mock, request, user, (token) => loginPage(token, { user: user ?? '' })),
    ),

    pageRoute(mock, pages.submitLoginForm, ({ request, form }) => {
      // The login form's token is bound to the anonymous user (or to whoever is signed in).
      const before = currentUser(mock, request);
      if (!tokenValid(mock, request, form.get(TOKEN_FIELD), before) && !tokenValid(mock, request, form.get(TOKEN_FIELD), null)) {
        return antiForgeryFailure();
      }
      const email = form.get('Email') ?? '';
      const ok = email.toLowerCase() === mock.credentials.email.toLowerCase() && form.get('Password') === mock.credentials.password;
      if (!ok) {
        // Interface doc, Login flow 4: failure is HTTP 200 at /Account/Login.
        return htmlWithToken(mock, request, before, (token) => loginPage(token, { email, message: 'Invalid login attempt.' }));
      }
      mock.logins += 1;
      const ticket = mock.keys.issueTicket({ user: mock.credentials.email, issued: Date.now(), epoch: mock.sessionEpoch });
      const headers = new Headers({ Location: dashboard });
      headers.append('Set-Cookie', `${AUTH_COOKIE}=${ticket}; path=/; HttpOnly; SameSite=Lax`);
      headers.append('Set-Cookie', `.HallBooking.Hall=${mock.hallId}; path=/; SameSite=Lax`);
      return new HttpResponse(null, { status: 302, headers });
    }),

    http.post(mswPath(LOGOFF_PATH), async ({ request }) => {
      const user = currentUser(mock, request);
      const form = await readForm(request);
      if (!tokenValid(mock, request, form.get(TOKEN_FIELD), user)) return antiForgeryFailure();
      // The session ends on the server, not only in the browser: the old cookie is dead from now on.
      const sid = sessionId(mock, request);
      if (sid) mock.revoked.add(sid);
      const headers = new Headers({ Location: LOGIN_PATH });
      headers.append('Set-Cookie', `${AUTH_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`);
      return new HttpResponse(null, { status: 302, headers });
    }),

    pageRoute(mock, pages.dashboardPage, ({ request, user, params }) => {
      if (mock.options.dashboard404 || Number(params.hall_id) !== mock.hallId) {
        return notFoundPage();
      }
      return htmlWithToken(mock, request, user, (token) =>
        layout({
          title: 'Dashboard',
          token,
          user: user ?? '',
          body: `<h1>Dashboard</h1><p>${esc(mock.state.halls.find((h) => h.id === mock.hallId)?.name)}</p>
<nav><a href="${pagePath('bookingsIndexPage', { hall_id: mock.hallId })}">Bookings</a> |
<a href="${pagePath('schedulerPage', { hall_id: mock.hallId })}">Scheduler</a> |
<a href="${pagePath('createBookingPage')}">New booking</a></nav>`,
        }),
      );
    }),
  ];
}
