// The create / edit booking form as ASP.NET MVC renders it (interface doc, "Create
// booking"; live notes, "Booking form"): indexed room binding, checkbox + hidden
// `false`, status options keyed by id or name, validation messages in MVC's own classes.
import { TOKEN_FIELD, TOKEN_HEADER, bookingRoomField, endpoints } from '../../contracts/index.js';
import type { CustomerRecord, NamedRecord, RoomRecord } from '../state.js';
import { AVAILABILITY_SCRIPT } from './availability-script.js';
import { DATE_FIELD_HINT, forDateField } from './dates.js';
import { esc, layout } from './layout.js';

/** Field values as the form shows them (posted text on a re-render, stored values on an edit). */
export interface BookingFormValues {
  Name: string;
  StartDate: string;
  EndDate: string;
  CustomerId: string;
  ActivityTypeId: string;
  PriceRateId: string;
  BookingStatusId: string;
  Description: string;
  SendEmails: boolean;
}

export interface BookingFormModel {
  heading: string;
  action: string;
  cancelHref: string;
  token: string;
  user: string;
  /** The session's hall: what "Check availability" asks about. */
  hallId: number;
  values: BookingFormValues;
  selectedRoomIds: number[];
  rooms: RoomRecord[];
  customers: CustomerRecord[];
  activityTypes: NamedRecord[];
  priceRates: NamedRecord[];
  /** Options of `BookingStatusId`: the value as the server's reading has it, the status name as text. */
  statuses: { value: string; text: string }[];
  /** Field name → message; the key `''` holds model-level errors (validation summary only). */
  errors: Record<string, string>;
  bookingId?: number;
}

export const emptyBookingForm = (): BookingFormValues => ({
  Name: '',
  StartDate: '',
  EndDate: '',
  CustomerId: '',
  ActivityTypeId: '',
  PriceRateId: '',
  BookingStatusId: '',
  Description: '',
  SendEmails: true,
});

const fieldError = (errors: Record<string, string>, name: string) =>
  errors[name]
    ? `<span class="field-validation-error text-danger" data-valmsg-for="${esc(name)}" data-valmsg-replace="true">` +
      `${esc(errors[name])}</span>`
    : `<span class="field-validation-valid text-danger" data-valmsg-for="${esc(name)}" data-valmsg-replace="true"></span>`;

function select(
  name: string,
  label: string,
  placeholder: string,
  options: { value: string; text: string }[],
  selected: string,
  errors: Record<string, string>,
): string {
  const opts = options
    .map(
      (o) =>
        `<option ` +
        `value="${esc(o.value)}"${o.value.toLowerCase() === selected.toLowerCase() ? ' selected="selected"' : ''}>${esc(o.text)}</option>`,
    )
    .join('');
  return `<div class="form-group">
  <label class="control-label col-md-2" for="${name}">${esc(label)}</label>
  <div class="col-md-10"><select class="form-control" id="${name}" name="${name}">
  <option value="">${esc(placeholder)}</option>${opts}</select>
  ${fieldError(errors, name)}</div>
</div>`;
}

function text(name: string, label: string, value: string, errors: Record<string, string>, placeholder = ''): string {
  const hint = placeholder ? ` placeholder="${esc(placeholder)}"` : '';
  return `<div class="form-group">
  <label class="control-label col-md-2" for="${name}">${esc(label)}</label>
  <div class="col-md-10"><input class="form-control" id="${name}" name="${name}" type="text" value="${esc(value)}"${hint} />
  ${fieldError(errors, name)}</div>
</div>`;
}

/** MVC's validation summary: every message, the model-level ones included; nothing when the form is valid. */
const validationSummary = (errors: Record<string, string>) =>
  Object.values(errors).length
    ? `<div class="validation-summary-errors text-danger" data-valmsg-summary="true"><ul>${Object.values(errors)
        .map((e) => `<li>${esc(e)}</li>`)
        .join('')}</ul></div>`
    : '';

/** One checkbox per room, bound by index (`BookingRoom[i].RoomId`, `.Selected`) with MVC's hidden `false`. */
const roomChoices = (m: BookingFormModel) =>
  m.rooms
    .map((r, i) => {
      const id = `BookingRoom_${i}__Selected`;
      const checked = m.selectedRoomIds.includes(r.id) ? ' checked="checked"' : '';
      return `<div class="checkbox room-choice">
    <input name="${esc(bookingRoomField(i, 'RoomId'))}" type="hidden" value="${r.id}" />
    <input id="${id}" name="${esc(bookingRoomField(i, 'Selected'))}" type="checkbox" value="true"${checked} />
    <input name="${esc(bookingRoomField(i, 'Selected'))}" type="hidden" value="false" />
    <label for="${id}">${esc(r.name)}</label>
  </div>`;
    })
    .join('\n');

export function bookingForm(m: BookingFormModel): string {
  const v = m.values;
  const summary = validationSummary(m.errors);
  const rooms = roomChoices(m);
  return layout({
    title: m.heading,
    token: m.token,
    user: m.user,
    body: `<h2>${esc(m.heading)}</h2>
<form action="${esc(m.action)}" method="post" class="form-horizontal" novalidate="novalidate">
  <input name="${TOKEN_FIELD}" type="hidden" value="${esc(m.token)}" />
  ${m.bookingId !== undefined ? `<input id="BookingId" name="BookingId" type="hidden" value="${m.bookingId}" />` : ''}
  ${summary}
  ${text('Name', 'Booking name', v.Name, m.errors)}
  ${text('StartDate', 'Start', forDateField(v.StartDate), m.errors, DATE_FIELD_HINT)}
  ${text('EndDate', 'End', forDateField(v.EndDate), m.errors, DATE_FIELD_HINT)}
  ${select(
    'CustomerId',
    'Customer',
    '-- Select customer --',
    m.customers.map((c) => ({ value: c.id, text: `${c.name} (${c.organisation})` })),
    v.CustomerId,
    m.errors,
  )}
  ${select(
    'ActivityTypeId',
    'Activity',
    '-- Select activity --',
    m.activityTypes.map((a) => ({ value: String(a.id), text: a.name })),
    v.ActivityTypeId,
    m.errors,
  )}
  ${select(
    'PriceRateId',
    'Price rate',
    '-- Select price rate --',
    m.priceRates.map((p) => ({ value: String(p.id), text: p.name })),
    v.PriceRateId,
    m.errors,
  )}
  ${select('BookingStatusId', 'Status', '-- Select status --', m.statuses, v.BookingStatusId, m.errors)}
  <fieldset class="form-group" id="roomSelection">
    <legend>Rooms</legend>
    ${rooms}
    ${fieldError(m.errors, 'BookingRoom')}
  </fieldset>
  <div class="form-group">
    <label class="control-label col-md-2" for="Description">Description</label>
    <div class="col-md-10">
    <textarea class="form-control" id="Description" name="Description" rows="3">${esc(v.Description)}</textarea></div>
  </div>
  <div class="form-group"><div class="checkbox">
    <input id="SendEmails" name="SendEmails" type="checkbox" value="true"${v.SendEmails ? ' checked="checked"' : ''} />
    <input name="SendEmails" type="hidden" value="false" />
    <label for="SendEmails">Send confirmation e-mails to the customer</label>
  </div></div>
  <div class="form-group">
    <button type="button" class="btn btn-default" id="checkAvailability" data-endpoint="${endpoints.checkAvailability.path}"
      data-hall-id="${m.hallId}" data-token-header="${TOKEN_HEADER}" data-token-field="${TOKEN_FIELD}">Check availability</button>
    <input type="submit" value="Save booking" class="btn btn-primary" />
    <a href="${esc(m.cancelHref)}" class="btn btn-link">Back to list</a>
    <output id="availabilityResult" class="availability" for="StartDate EndDate checkAvailability" aria-live="polite"></output>
  </div>
</form>
<script>${AVAILABILITY_SCRIPT}</script>`,
  });
}
