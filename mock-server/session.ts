// Cookie session and anti-forgery tokens as ASP.NET issues them: a signed auth
// ticket (no server-side store, so every mock instance sharing the secret accepts
// it) and a form token bound to an anti-forgery cookie and to the user.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A signing key for one run: never a constant in the source, from which a cookie could be forged. */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

export const AUTH_COOKIE = '.AspNet.HallBooking';
export const ANTIFORGERY_COOKIE = '__RequestVerificationToken_HB';

export interface Ticket {
  user: string;
  issued: number;
  epoch: number;
  /** The session's id: logging off or an `expire` fault revokes it on the server (MockContext.revoked). */
  sid: string;
}

/** Verified tickets remembered; past this the memory is emptied (a run issues a few dozen). */
const MAX_VERIFIED = 1000;

export class SessionKeys {
  /** Sees every ticket and token issued (the leak test collects them to search reports for). */
  onIssue: (secret: string) => void = () => undefined;

  /**
   * Tickets whose signature checked out: a ticket is immutable and its expiry is an epoch the
   * caller compares, so its signature need not be computed again on every request (npm run bench).
   */
  private readonly verified = new Map<string, Ticket>();

  constructor(private readonly secret: string) {}

  private issued(value: string): string {
    this.onIssue(value);
    return value;
  }

  private sign(data: string): string {
    return createHmac('sha256', this.secret).update(data).digest('base64url');
  }

  issueTicket(ticket: Omit<Ticket, 'sid'>): string {
    const payload = Buffer.from(JSON.stringify({ ...ticket, sid: randomBytes(12).toString('base64url') })).toString('base64url');
    return this.issued(`${payload}.${this.sign(payload)}`);
  }

  readTicket(value: string | undefined): Ticket | null {
    if (!value) return null;
    const known = this.verified.get(value);
    if (known) return known;
    // Exactly `payload.mac`: an altered cookie (`<ticket>.x`) is no ticket.
    const parts = value.split('.');
    const [payload, mac] = parts;
    if (parts.length !== 2 || !payload || !mac || !safeEqual(mac, this.sign(payload))) return null;
    try {
      const ticket = Object.freeze(JSON.parse(Buffer.from(payload, 'base64url').toString()) as Ticket);
      if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
      this.verified.set(value, ticket);
      return ticket;
    } catch {
      return null;
    }
  }

  newCookieToken(): string {
    return this.issued(randomBytes(18).toString('base64url'));
  }

  /** A fresh form token for this cookie token and user; the nonce makes each one unique. */
  formToken(cookieToken: string, user: string): string {
    const nonce = randomBytes(9).toString('base64url');
    return this.issued(`${nonce}.${this.sign(`${cookieToken}|${user}|${nonce}`)}`);
  }

  checkFormToken(token: string | undefined | null, cookieToken: string | undefined, user: string): boolean {
    if (!token || !cookieToken) return false;
    const parts = token.split('.');
    const [nonce, mac] = parts;
    return parts.length === 2 && !!nonce && !!mac && safeEqual(mac, this.sign(`${cookieToken}|${user}|${nonce}`));
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
