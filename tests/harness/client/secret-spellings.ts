// The spellings a record may give a secret, written out independently of the masking, for the
// masking checks to search every file a tool writes.
import { randomBytes } from 'node:crypto';

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const lowerHex = (s: string) => s.replace(/%[0-9A-F]{2}/g, (x) => x.toLowerCase());

/** Every spelling of `secret` a record may hold, by name; written out here, independently of the masking. */
export function spellings(secret: string): Record<string, string> {
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  return {
    raw: secret,
    'URL-encoded': encodeURIComponent(secret),
    'URL-encoded, lower-case hex': lowerHex(encodeURIComponent(secret)),
    'form-encoded (+ for a space)': form,
    'form-encoded, lower-case hex': lowerHex(form),
    'HTML-escaped': secret.replace(/[&<>"']/g, (c) => HTML[c] as string),
    'HTML numeric references': secret.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
    'JSON-escaped': JSON.stringify(secret).slice(1, -1),
    'JSON-escaped twice': JSON.stringify(JSON.stringify(secret).slice(1, -1)).slice(1, -1),
  };
}

/** A password a person might choose: the characters every encoding changes. */
export const awkwardSecret = () => `p&ss "w<rd>' é+${randomBytes(6).toString('hex')}`;

/** The spellings of `secret` found in `text`, and its random tail (a part left by a mask that cut it short). */
export const leaksIn = (text: string, secret: string) => [
  ...Object.entries(spellings(secret))
    .filter(([, spelled]) => text.includes(spelled))
    .map(([name]) => name),
  ...(text.includes(secret.slice(-8)) ? ['its last 8 characters'] : []),
];
