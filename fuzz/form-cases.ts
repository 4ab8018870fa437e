// Generated create-booking form posts (writes: the mock, or HB_ALLOW_WRITES). Built from the page's
// own form (live notes: option values are not known), then one field made invalid by kind. An invalid
// post must be refused and store nothing; one that is stored must show its name escaped on every page
// and, deleted, be gone (interface doc, "Create booking": required fields; live notes on delete).
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { BOOKING_FORM_FIELDS, BOOKING_ROOM_FIELD, TOKEN_FIELD, pagePath, type BookingFormField } from '../contracts/index.js';
import { addDays } from '../contracts/service-time.js';
import type { HbClient } from '../client/client.js';
import { applyOverrides, entriesOf, pickForm, realOptions, roomSelection, type ParsedForm } from '../client/forms.js';
import { deleteBooking } from '../client/booking-queries.js';
import { runMarker } from '../client/run-marker.js';
import { describe, sendCase, type Sent } from './send.js';
import { markupArb, TEXT_LIMIT, type BoundaryKind, type InputKind } from './values.js';
import { afterDelete, beforePost, escapedOnPages, storedWith } from './form-checks.js';

/** One generated create post: what changes from a valid post of the page's own form. */
export interface FormCase {
  check: 'form';
  kind: InputKind | BoundaryKind;
  /** The changed field; a bracketed name for `brackets` in a name. */
  field?: string;
  /** The booking name's generated part (after the run marker). */
  label: string;
  /** Field → value set on the valid post (null: left out). */
  change: Record<string, string | null>;
  /** Literal brackets in a field name: the request filter resets such a post (interface doc, wire requirements). */
  rawBrackets: boolean;
  /** A boundary: the name padded to this many characters, the time range reversed or of no length, or no room. */
  nameLength?: number;
  range?: 'reversed' | 'equal';
  rooms?: 0;
}

const boundary = (kind: BoundaryKind, field: string, more: Partial<FormCase>): FormCase => ({
  check: 'form',
  kind,
  field,
  label: kind,
  change: {},
  rawBrackets: false,
  ...more,
});
/**
 * The create form's boundary posts, each sent once before any generated one (as fuzz/boundary-cases.ts
 * does for the JSON endpoints): a name at and past the conventional limit, the time range reversed and of
 * no length, no room selected. Each may be refused or stored, never answered with a server error.
 */
export const FORM_BOUNDARIES: readonly FormCase[] = [
  boundary('at-limit', 'Name', { nameLength: TEXT_LIMIT }),
  boundary('past-limit', 'Name', { nameLength: TEXT_LIMIT + 1 }),
  boundary('reversed-range', 'StartDate/EndDate', { range: 'reversed' }),
  boundary('equal-range', 'StartDate/EndDate', { range: 'equal' }),
  boundary('empty-array', 'BookingRoom', { rooms: 0 }),
];

type Field = Exclude<BookingFormField, typeof TOKEN_FIELD>;
const REQUIRED = BOOKING_FORM_FIELDS.filter((f): f is Field => f !== TOKEN_FIELD);
/** Kinds after which the post must be refused: a required field missing or unbindable (interface doc, required form fields). */
const MUST_REFUSE: readonly FormCase['kind'][] = ['missing-required', 'wrong-type', 'off-enum', 'malformed-date', 'impossible-date'];

const labelArb = fc.oneof(
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,15}$/),
  markupArb,
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).filter((s) => s.trim().length > 0 && !/[\0\r\n]/.test(s)),
  fc.constantFrom('a[0]b', '[x]', 'Hall ]['),
);

export const formCaseArb: fc.Arbitrary<FormCase> = fc.oneof(
  {
    arbitrary: labelArb.map((label): FormCase => ({
      check: 'form',
      kind: /</.test(label) ? 'markup' : 'valid',
      label,
      change: {},
      rawBrackets: false,
    })),
    weight: 3,
  },
  fc
    .record({
      check: fc.constant('form' as const),
      kind: fc.constant('missing-required' as const),
      field: fc.constantFrom(...REQUIRED),
      label: fc.constant('missing'),
      rawBrackets: fc.constant(false),
    })
    .map((c) => ({ ...c, change: { [c.field]: c.field === 'Name' ? '' : null } })),
  fc
    .tuple(fc.constantFrom<Field>('ActivityTypeId', 'PriceRateId', 'CustomerId'), fc.constantFrom('abc', '1.5', 'not-a-guid', '-'))
    .map(([f, v]): FormCase => ({
      check: 'form',
      kind: 'wrong-type',
      field: f,
      label: 'wrong type',
      change: { [f]: v },
      rawBrackets: false,
    })),
  fc
    .stringMatching(/^[A-Za-z]{1,10}$/)
    .filter((s) => !/^(requested|confirmed|cancelled)$/i.test(s))
    .map((v): FormCase => ({
      check: 'form',
      kind: 'off-enum',
      field: 'BookingStatusId',
      label: 'off enum',
      change: { BookingStatusId: v },
      rawBrackets: false,
    })),
  fc
    .tuple(fc.constantFrom<Field>('StartDate', 'EndDate'), fc.constantFrom('not-a-date', 'tomorrow', '2026-13', '10:00'))
    .map(([f, v]): FormCase => ({
      check: 'form',
      kind: 'malformed-date',
      field: f,
      label: 'bad date',
      change: { [f]: v },
      rawBrackets: false,
    })),
  fc
    .tuple(
      fc.constantFrom<Field>('StartDate', 'EndDate'),
      fc.constantFrom('2027-02-30T10:00:00', '2027-13-01T10:00:00', '2027-04-31T25:00:00', '2027-06-15T23:61:00'),
    )
    .map(([f, v]): FormCase => ({
      check: 'form',
      kind: 'impossible-date',
      field: f,
      label: 'impossible date',
      change: { [f]: v },
      rawBrackets: false,
    })),
  fc
    .constantFrom('Name[0]', 'BookingRoom[0].Selected', 'x[]')
    .map((n): FormCase => ({ check: 'form', kind: 'brackets', field: n, label: 'brackets', change: {}, rawBrackets: true })),
);

/** Per run: its tag, a counter giving each post its own name and hour, and a day about two years ahead. */
export interface FormRun {
  /**
   * In every post's name, and only in this generated run's: the suite's run marker (so the janitor knows
   * the run) and an id of this generated run, so its sweep never takes another test's booking of the same
   * suite run, made meanwhile on a shared server.
   */
  tag: string;
  day: string;
  seq: number;
  testCustomerId?: string;
  /** Stored posts: bookings made and then deleted by the checks. */
  stored: number;
}

export const newFormRun = (today: string, seed: number, testCustomerId?: string): FormRun => ({
  tag: `${runMarker()} f${randomBytes(3).toString('hex')}`,
  day: addDays(today, 700 + (Math.abs(seed) % 300)),
  seq: 0,
  testCustomerId,
  stored: 0,
});

/** The post as a browser would send it from the page's own form, changed as the case says. */
function entriesFor(form: ParsedForm, c: FormCase, name: string, slot: { start: string; end: string }, testCustomerId?: string) {
  const first = (f: string) => realOptions(form, f)[0]?.value ?? '';
  const customer = realOptions(form, 'CustomerId').find((o) => o.value.toLowerCase() === testCustomerId?.toLowerCase())?.value;
  const rooms = form.controls.filter((x) => BOOKING_ROOM_FIELD.test(x.name) && x.name.endsWith('RoomId')).map((x) => x.value);
  const selection = roomSelection(form, rooms.slice(0, c.rooms ?? 1));
  const base = applyOverrides(form, {
    ...selection.overrides,
    Name: name,
    StartDate: slot.start,
    EndDate: slot.end,
    CustomerId: customer ?? first('CustomerId'),
    ActivityTypeId: first('ActivityTypeId'),
    PriceRateId: first('PriceRateId'),
    BookingStatusId: first('BookingStatusId'),
    ...(form.controls.some((x) => x.name === 'SendEmails' && x.type === 'checkbox') ? { SendEmails: false } : {}),
  });
  let entries: [string, string][] = [...entriesOf(base), ...selection.extra];
  for (const [field, value] of Object.entries(c.change)) {
    entries = entries.filter(([k]) => k !== field);
    if (value !== null) entries.push([field, value]);
  }
  // Posts that meet the request filter carry no token, so they cannot create anything if it is gone (README, safe writes).
  if (c.rawBrackets) entries = [...entries.filter(([k]) => k !== TOKEN_FIELD), [c.field ?? 'x[]', '1']];
  return entries;
}

/** Encode as a browser does; with `rawBrackets`, the brackets of field names stay literal. */
const encode = (entries: [string, string][], rawBrackets: boolean) =>
  entries
    .map(([k, v]) => {
      const name = encodeURIComponent(k);
      return `${rawBrackets ? name.replace(/%5B/g, '[').replace(/%5D/g, ']') : name}=${encodeURIComponent(v)}`;
    })
    .join('&');

/** Post number `n` of the run: its name (ending in the run's tag and `n`), day and time slot, shaped as the case says. */
export function postAt(
  run: FormRun,
  n: number,
  c: FormCase,
): { n: number; name: string; day: string; slot: { start: string; end: string } } {
  const tail = `${run.tag}.${n}`;
  // Padded at the end: a server that cuts the name short keeps the run's marker, which the sweep finds.
  const name = c.nameLength ? `${tail} ${'x'.repeat(Math.max(1, c.nameLength - tail.length - 1))}` : `${c.label} ${tail}`;
  const day = addDays(run.day, Math.floor(n / 10));
  const at = (minute: string) => `${day}T${String(8 + (n % 10)).padStart(2, '0')}:${minute}:00`;
  const [start, end] = [at('00'), at('45')];
  const slot = c.range === 'reversed' ? { start: end, end: start } : c.range === 'equal' ? { start, end: start } : { start, end };
  return { n, name, day, slot };
}

/** The run's next post: its own number, name and slot. */
export const nextPost = (run: FormRun, c: FormCase) => postAt(run, run.seq++, c);

/** GET a booking form page, then POST its own form as a browser would, changed as the case says. */
export async function postForm(
  client: HbClient,
  pageUrl: string,
  submit: 'submitCreateBookingForm' | 'submitEditBookingForm',
  c: FormCase,
  post: { name: string; slot: { start: string; end: string } },
  testCustomerId?: string,
): Promise<{ sent: Sent; where: string }> {
  const page = await client.send(pageUrl, { endpointId: submit === 'submitCreateBookingForm' ? 'createBookingPage' : 'editBookingPage' });
  const form = pickForm(page.text, { postPath: new URL(page.url).pathname });
  const entries = entriesFor(form, c, post.name, post.slot, testCustomerId);
  const target = new URL(form.action || page.url, page.url);
  const origin = new URL(client.baseUrl).origin;
  const sent = await sendCase(client, {
    method: 'POST',
    path: target.toString(),
    body: encode(entries, c.rawBrackets),
    contentType: 'application/x-www-form-urlencoded',
    endpointId: submit,
    headers: { origin, referer: page.url, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
  });
  const what = `${c.kind}${c.field ? ` in ${c.field}` : ''}`;
  return { sent, where: `${submit} (${what}): ${describe({ method: 'POST', path: target.pathname }, sent)}` };
}

export async function judgeFormCase(client: HbClient, run: FormRun, c: FormCase): Promise<string | null> {
  const { name, day, slot } = nextPost(run, c);
  const before = await beforePost(client, day);
  const post = { name, slot };
  const { sent, where } = await postForm(client, pagePath('createBookingPage'), 'submitCreateBookingForm', c, post, run.testCustomerId);
  const stored = await storedWith(client, before, name, slot.start);
  if (!sent.ok) {
    // Interface doc: a literal bracket in a field name resets the connection; live notes: brackets in values are not known to matter.
    const allowed = c.rawBrackets || /[[\]]/.test(name);
    if (!allowed) return `${where} (a dropped connection without a literal bracket in the body)`;
    return stored.length ? `${where}: reset, yet booking(s) ${stored.map((b) => b.BookingId).join(', ')} were stored` : null;
  }
  const { status, text } = { status: sent.reply.status, text: sent.reply.text };
  if (status >= 500) return `${where}: a server error`;
  if (MUST_REFUSE.includes(c.kind) || c.rawBrackets) {
    const rerendered = status === 200 && /validation|field-validation-error|role="alert"|aria-invalid/i.test(text);
    const refused = (status >= 400 && status < 500) || rerendered;
    if (stored.length) {
      for (const b of stored) await deleteBooking(client, b.BookingId);
      return `${where}: an invalid post was stored as booking ${stored.map((b) => b.BookingId).join(', ')} (deleted again)`;
    }
    return refused ? null : `${where}: an invalid post must be refused (4xx, or the form again with a validation message)`;
  }
  if (!stored.length) return null;
  run.stored += 1;
  const booking = stored[0]!;
  return (await escapedOnPages(client, booking.BookingId, name)) ?? (await afterDelete(client, booking, name));
}
