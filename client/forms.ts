// Form posts built from the page's own form, as a browser builds them (HTML "constructing
// the entry list"): every input, select and textarea, the caller's overrides, and a
// urlencoded body whose `[` `]` are `%5B` `%5D` (interface doc, Create booking "Wire requirements").
// cheerio's slim build (htmlparser2, without parse5 and undici) imports in a third of the
// time (npm run smoke); it keeps elements nested as written, enough for inputs and forms.
import * as cheerio from 'cheerio/slim';
import type { Element } from 'domhandler';
import { TOKEN_FIELD, pathKey } from '../contracts/index.js';
import { ArgumentError } from './errors.js';

export interface FormOption {
  value: string;
  /** The option's text, whitespace collapsed. */
  text: string;
  selected: boolean;
  disabled: boolean;
}

/** One form control as the page serves it; overrides change `value`, `checked` and option selection. */
interface FormControl {
  name: string;
  tag: 'input' | 'select' | 'textarea';
  /** Lower-cased `type` of an input (`text` when absent); `select` / `textarea` otherwise. */
  type: string;
  value: string;
  checked: boolean;
  disabled: boolean;
  multiple: boolean;
  options: FormOption[];
}

export interface ParsedForm {
  /** The form's `action` attribute as written ('' when absent: the page's own URL). */
  action: string;
  method: 'GET' | 'POST';
  id?: string;
  controls: FormControl[];
}

/** A field's new value: text, a checkbox state, the option(s) to select, or null to leave the field out. */
type FieldValue = string | number | boolean | null | readonly string[];
export type FormOverrides = Record<string, FieldValue>;

const SKIPPED_INPUTS = new Set(['submit', 'button', 'reset', 'image', 'file']);
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

function controlOf($: cheerio.CheerioAPI, el: Element): FormControl | null {
  const node = $(el);
  const name = node.attr('name');
  if (!name) return null;
  const tag = el.tagName.toLowerCase() as FormControl['tag'];
  // HTML: a control inside a disabled fieldset is disabled too (except within its first legend; rare enough to ignore).
  const disabled = node.is('[disabled]') || node.parents('fieldset[disabled]').length > 0;
  if (tag === 'select') {
    const options = node
      .find('option')
      .map((_, o) => ({
        value: $(o).attr('value') ?? collapse($(o).text()),
        text: collapse($(o).text()),
        selected: $(o).is('[selected]'),
        disabled: $(o).is('[disabled]') || $(o).parents('optgroup[disabled]').length > 0,
      }))
      .get();
    const multiple = node.is('[multiple]');
    // HTML selectedness: a single select with nothing selected shows (and posts) its first enabled option.
    if (!multiple && !options.some((o) => o.selected)) {
      const first = options.find((o) => !o.disabled);
      if (first) first.selected = true;
    }
    return { name, tag, type: 'select', value: '', checked: false, disabled, multiple, options };
  }
  if (tag === 'textarea') {
    return {
      name,
      tag,
      type: 'textarea',
      value: node.text().replace(/^\r?\n/, ''),
      checked: false,
      disabled,
      multiple: false,
      options: [],
    };
  }
  const type = (node.attr('type') ?? 'text').toLowerCase();
  const fallback = type === 'checkbox' || type === 'radio' ? 'on' : '';
  return {
    name,
    tag,
    type,
    value: node.attr('value') ?? fallback,
    checked: node.is('[checked]'),
    disabled,
    multiple: false,
    options: [],
  };
}

/** Every form of a page with its controls in document order (including controls tied to it by `form="id"`). */
export function parseForms(html: string): ParsedForm[] {
  const $ = cheerio.load(html);
  return $('form')
    .map((_, form) => {
      const id = $(form).attr('id');
      // Document order; a control belongs to the form it sits in unless its `form` attribute names another.
      const all = $('input, select, textarea')
        .toArray()
        .filter((el) => {
          const owner = $(el).attr('form');
          return owner !== undefined ? owner === id : $(el).closest('form').get(0) === form;
        });
      const controls = all.map((el) => controlOf($, el)).filter((c): c is FormControl => c !== null);
      const method = ($(form).attr('method') ?? 'get').toUpperCase() === 'POST' ? 'POST' : 'GET';
      return { action: $(form).attr('action') ?? '', method, id, controls } satisfies ParsedForm;
    })
    .get();
}

/**
 * The form a page posts to `postPath`: the one whose action is that path (or empty, i.e.
 * the page itself), or the one matching `selector`. Throws naming the forms it saw.
 */
export function pickForm(html: string, { postPath, selector }: { postPath: string; selector?: string }): ParsedForm {
  const forms = parseForms(html);
  if (selector) {
    const $ = cheerio.load(html);
    const index = $('form')
      .toArray()
      .indexOf($(selector).filter('form').get(0) as Element);
    const form = forms[index];
    if (index < 0 || !form) throw new ArgumentError(`no form matches ${selector}`);
    return form;
  }
  const target = postPath.toLowerCase().split('?')[0];
  const form = forms.find((f) => f.method === 'POST' && (f.action === '' || pathKey(f.action) === target));
  if (!form) {
    const seen = forms.map((f) => `${f.method} ${f.action || '(self)'}${f.id ? ` #${f.id}` : ''}`).join(', ') || 'none';
    throw new ArgumentError(`no POST form posts to ${postPath}; forms on the page: ${seen}`);
  }
  return form;
}

const asList = (v: Exclude<FieldValue, null | boolean>): string[] =>
  typeof v === 'string' || typeof v === 'number' ? [String(v)] : v.map(String);

/** Apply the caller's overrides to a copy of the form; a name the form does not have is an error unless added via `extra`. */
export function applyOverrides(form: ParsedForm, overrides: FormOverrides): ParsedForm & { omitted: Set<string> } {
  const controls = form.controls.map((c) => ({ ...c, options: c.options.map((o) => ({ ...o })) }));
  const omitted = new Set<string>();
  for (const [name, value] of Object.entries(overrides)) {
    const named = controls.filter((c) => c.name === name);
    if (!named.length) {
      throw new ArgumentError(
        `form ${form.id ? `#${form.id} ` : ''}has no field "${name}"; its fields: ` +
          `${[...new Set(form.controls.map((c) => c.name))].join(', ')}`,
      );
    }
    if (value === null) {
      omitted.add(name);
      continue;
    }
    const toggles = named.filter((c) => c.type === 'checkbox' || c.type === 'radio');
    if (toggles.length) {
      // MVC checkbox: the hidden `false` of the same name stays; only the checkbox changes (live notes, Booking form).
      for (const c of toggles) {
        c.checked = typeof value === 'boolean' ? value : asList(value).includes(c.value);
      }
      const wanted = typeof value === 'boolean' ? [] : asList(value);
      const missing = wanted.filter((v) => !toggles.some((c) => c.value === v));
      if (missing.length)
        throw new ArgumentError(
          `field "${name}" has no ${toggles[0]?.type} with value ${missing.join(', ')}; values: ${toggles.map((c) => c.value).join(', ')}`,
        );
      continue;
    }
    if (typeof value === 'boolean') throw new ArgumentError(`field "${name}" is not a checkbox; give it a text value`);
    const values = asList(value);
    const select = named.find((c) => c.tag === 'select');
    if (select) {
      const unknown = values.filter((v) => !select.options.some((o) => o.value === v));
      if (unknown.length)
        throw new ArgumentError(
          `select "${name}" has no option ${unknown.join(', ')}; options: ${select.options.map((o) => o.value).join(', ')}`,
        );
      if (values.length > 1 && !select.multiple) throw new ArgumentError(`select "${name}" takes one value, got ${values.length}`);
      for (const o of select.options) o.selected = values.includes(o.value);
      continue;
    }
    if (values.length !== named.length && named.length > 1) {
      throw new ArgumentError(`field "${name}" appears ${named.length} times; give ${named.length} values or one string for the first`);
    }
    values.forEach((v, i) => {
      const c = named[i];
      if (c) c.value = v;
    });
  }
  return { ...form, controls, omitted };
}

/** The form data set a browser would post: successful controls only, in document order. */
export function entriesOf(form: ParsedForm & { omitted?: Set<string> }): [string, string][] {
  const out: [string, string][] = [];
  for (const c of form.controls) {
    if (c.disabled || form.omitted?.has(c.name)) continue;
    if (c.tag === 'select') {
      for (const o of c.options) if (o.selected && !o.disabled) out.push([c.name, o.value]);
    } else if (c.type === 'checkbox' || c.type === 'radio') {
      if (c.checked) out.push([c.name, c.value]);
    } else if (!SKIPPED_INPUTS.has(c.type)) {
      // HTML: textarea values are posted with CRLF line breaks.
      out.push([c.name, c.tag === 'textarea' ? c.value.replace(/\r?\n/g, '\r\n') : c.value]);
    }
  }
  return out;
}

/** application/x-www-form-urlencoded; URLSearchParams already writes `[`/`]` as `%5B`/`%5D`, and this checks it did. */
export function encodeForm(entries: readonly (readonly [string, string])[]): string {
  const body = new URLSearchParams(entries.map(([k, v]) => [k, v])).toString();
  // Interface doc: a literal bracket in a field name gets the connection reset; never let one out.
  if (/[[\]]/.test(body)) throw new ArgumentError('form body would carry a literal bracket; refusing to send it');
  return body;
}

/**
 * Overrides that select exactly `roomIds` in MVC indexed room binding (interface doc,
 * Create booking): `BookingRoom[i].Selected` is checked where `BookingRoom[i].RoomId` is one
 * of them. Returned as overrides for the checkboxes plus `extra` entries where the page has no checkbox.
 */
export function roomSelection(
  form: ParsedForm,
  roomIds: readonly (number | string)[],
  prefix = 'BookingRoom',
): { overrides: FormOverrides; extra: [string, string][] } {
  const wanted = new Set(roomIds.map(String));
  const pattern = new RegExp(`^${prefix}\\[(\\d+)\\]\\.RoomId$`);
  const overrides: FormOverrides = {};
  const extra: [string, string][] = [];
  const found = new Set<string>();
  for (const c of form.controls) {
    const i = pattern.exec(c.name)?.[1];
    if (i === undefined) continue;
    const selected = `${prefix}[${i}].Selected`;
    const on = wanted.has(c.value);
    if (on) found.add(c.value);
    if (form.controls.some((x) => x.name === selected)) overrides[selected] = on;
    else if (on) extra.push([selected, 'true']);
  }
  const missing = [...wanted].filter((id) => !found.has(id));
  if (missing.length) throw new ArgumentError(`the form offers no room ${missing.join(', ')} (${prefix}[i].RoomId)`);
  return { overrides, extra };
}

/** Every anti-forgery token input of a page (a layout may hold a second one). */
export function tokensIn(html: string): string[] {
  const $ = cheerio.load(html);
  return $(`input[name="${TOKEN_FIELD}"]`)
    .map((_, el) => $(el).attr('value') ?? '')
    .get()
    .filter(Boolean);
}

/** Whether a select option is a real choice: a placeholder option has an empty value. */
export const isRealOption = (option: { value: string }): boolean => option.value.trim() !== '';

/** The real options of a select of the form (none when the form has no such select). */
export const realOptions = (form: ParsedForm, field: string): FormOption[] =>
  form.controls.find((c) => c.name === field)?.options.filter(isRealOption) ?? [];

/** The value of the first real option of a select; throws naming the field when there is none. */
export function firstRealOption(form: ParsedForm, field: string): string {
  const [option] = realOptions(form, field);
  if (!option) throw new ArgumentError(`the form offers no ${field} option`);
  return option.value;
}
