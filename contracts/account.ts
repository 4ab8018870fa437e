// Authentication forms (interface doc, "Authentication").
import { z } from 'zod';
import { pathKey } from './common.js';

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
