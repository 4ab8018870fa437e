// Authentication: the login form and its pages (interface doc, "Authentication").
import { z } from 'zod';
import { keyed, pageOf, type PageRoute } from './entries.js';
import { pathKey } from './paths.js';

/** Name of the hidden anti-forgery input on every form page. */
export const TOKEN_FIELD = '__RequestVerificationToken';
/** Header that carries the anti-forgery token on JSON POSTs. */
export const TOKEN_HEADER = 'RequestVerificationToken';

export const LoginFormFields = z
  .object({ Email: z.string().min(1), Password: z.string().min(1), [TOKEN_FIELD]: z.string().min(1) })
  .meta({ id: 'LoginFormFields' });
export type LoginFormFields = z.infer<typeof LoginFormFields>;

export const LOGIN_PATH = '/Account/Login';

/** Whether a URL (absolute, or a path) is the login page; paths are case-insensitive (live notes). */
export const isLoginPath = (url: string): boolean => pathKey(url) === LOGIN_PATH.toLowerCase();

const page = pageOf('account');

/** The account domain's HTML pages and forms (interface doc, "Endpoints"). */
export const accountPages = keyed({
  loginPage: page({
    method: 'GET',
    path: LOGIN_PATH,
    auth: 'none',
    summary: 'Login form',
    formFields: ['Email', 'Password', TOKEN_FIELD],
  }),
  submitLoginForm: page({
    method: 'POST',
    path: LOGIN_PATH,
    auth: 'none',
    writes: false,
    summary: 'Login: 302 away with session cookies on success, 200 at /Account/Login on failure',
    formFields: ['Email', 'Password', TOKEN_FIELD],
    form: LoginFormFields,
  }),
  dashboardPage: page({
    method: 'GET',
    path: '/Admin/Dashboard/Index/{hall_id}',
    // Live notes: answered 404 on the live service; never the only token source.
    summary: 'Dashboard (documented token source)',
  }),
}) satisfies Record<string, PageRoute>;
