// The form encoder on a sample page of its own (standard HTML form semantics): the entry list a
// browser would post, overrides checked against what the form offers, brackets percent-encoded.
// Pure functions, no server.
import { expect, test } from '../../../fixtures/index.js';
import { bookingRoomField, TOKEN_FIELD } from '../../../contracts/index.js';
import { ArgumentError } from '../../../client/errors.js';
import { applyOverrides, encodeForm, entriesOf, pickForm, roomSelection } from '../../../client/forms.js';
import { doc, html, notes } from '../../../coverage/sources.js';

/** Standard HTML form semantics on a page of its own; nothing here is the service's data. */
const SAMPLE = `<form id="f" method="post" action="/things/Save">
  <input name="${TOKEN_FIELD}" type="hidden" value="tok" />
  <input name="Name" value="Hall A" />
  <input name="Off" value="x" disabled />
  <input value="no name" />
  <input name="Flag" type="checkbox" value="true" checked /><input name="Flag" type="hidden" value="false" />
  <input name="Other" type="checkbox" value="true" /><input name="Other" type="hidden" value="false" />
  <input name="Plain" type="checkbox" />
  <input name="Size" type="radio" value="s" /><input name="Size" type="radio" value="m" checked />
  <select name="First"><option value="">-- pick --</option><option value="1">One</option></select>
  <select name="Chosen"><option value="a">A</option><option value="b" selected>B</option></select>
  <select name="Many" multiple><option selected>x y</option><option value="z" selected disabled>Z</option></select>
  <textarea name="Notes">line 1
line 2</textarea>
  <fieldset disabled><input name="Fenced" value="1" /></fieldset>
  <input name="Room[0].RoomId" type="hidden" value="7" />
  <input name="Room[0].Selected" type="checkbox" value="true" /><input name="Room[0].Selected" type="hidden" value="false" />
  <input name="Room[1].RoomId" type="hidden" value="9" />
  <input name="Room[1].Selected" type="checkbox" value="true" checked /><input name="Room[1].Selected" type="hidden" value="false" />
  <input type="submit" name="Go" value="Save" /><button name="Btn">b</button>
</form>
<input name="Outside" form="f" value="o" />
<form id="logout" method="post" action="/Account/LogOff"><input name="${TOKEN_FIELD}" type="hidden" value="tok2" /></form>`;

test.describe(
  'form building',
  {
    annotation: [
      html('form submission', 'constructing the entry list (successful controls) and application/x-www-form-urlencoded serialisation'),
      doc('Bookings, Create booking (HTML form)', 'the bracket characters in field names are percent-encoded as `%5B` and `%5D`'),
      notes(
        'Booking form',
        'Checkboxes follow the MVC pattern: a checkbox `value="true"` followed by a hidden input of the same name with `value="false"`',
      ),
    ],
  },
  () => {
    test('entriesOf posts the successful controls of a form as a browser does', () => {
      const form = pickForm(SAMPLE, { postPath: '/things/save' });
      expect(entriesOf(form)).toEqual([
        [TOKEN_FIELD, 'tok'],
        ['Name', 'Hall A'],
        ['Flag', 'true'],
        ['Flag', 'false'],
        ['Other', 'false'],
        ['Size', 'm'],
        ['First', ''],
        ['Chosen', 'b'],
        ['Many', 'x y'],
        ['Notes', 'line 1\r\nline 2'],
        ['Room[0].RoomId', '7'],
        ['Room[0].Selected', 'false'],
        ['Room[1].RoomId', '9'],
        ['Room[1].Selected', 'true'],
        ['Room[1].Selected', 'false'],
        ['Outside', 'o'],
      ]);
    });

    test('applyOverrides sets text, checkboxes, options and rooms, and leaves out nulled fields', () => {
      const form = pickForm(SAMPLE, { postPath: '/things/Save' });
      const rooms = roomSelection(form, [7], 'Room');
      expect(rooms.overrides).toEqual({ 'Room[0].Selected': true, 'Room[1].Selected': false });
      const filled = applyOverrides(form, {
        Name: 'Hall [B] & co',
        Flag: false,
        Other: true,
        Plain: true,
        Size: 's',
        First: '1',
        [TOKEN_FIELD]: null,
        ...rooms.overrides,
      });
      expect(entriesOf(filled)).toEqual([
        ['Name', 'Hall [B] & co'],
        ['Flag', 'false'],
        ['Other', 'true'],
        ['Other', 'false'],
        ['Plain', 'on'],
        ['Size', 's'],
        ['First', '1'],
        ['Chosen', 'b'],
        ['Many', 'x y'],
        ['Notes', 'line 1\r\nline 2'],
        ['Room[0].RoomId', '7'],
        ['Room[0].Selected', 'true'],
        ['Room[0].Selected', 'false'],
        ['Room[1].RoomId', '9'],
        ['Room[1].Selected', 'false'],
        ['Outside', 'o'],
      ]);
    });

    test('applyOverrides rejects a field, option or room the form does not offer', () => {
      const form = pickForm(SAMPLE, { postPath: '/things/Save' });
      expect(() => applyOverrides(form, { Nmae: 'x' })).toThrow(ArgumentError);
      expect(() => applyOverrides(form, { Nmae: 'x' })).toThrow(/has no field "Nmae"; its fields: __RequestVerificationToken, Name,/);
      expect(() => applyOverrides(form, { Chosen: 'c' })).toThrow(/select "Chosen" has no option c; options: a, b/);
      expect(() => applyOverrides(form, { Size: 'xl' })).toThrow(/no radio with value xl/);
      expect(() => roomSelection(form, [8], 'Room')).toThrow(/offers no room 8/);
      expect(() => pickForm(SAMPLE, { postPath: '/elsewhere' })).toThrow(
        /no POST form posts to \/elsewhere; forms on the page: POST \/things\/Save #f, POST \/Account\/LogOff #logout/,
      );
    });

    test('encodeForm writes brackets in names and values as %5B/%5D, byte for byte', () => {
      const body = encodeForm([
        [bookingRoomField(0, 'RoomId'), '1'],
        ['Name', 'a [b] c'],
      ]);
      expect(body).toBe('BookingRoom%5B0%5D.RoomId=1&Name=a+%5Bb%5D+c');
      const bytes = Buffer.from(body);
      expect(bytes.includes(0x5b), 'a literal [ byte').toBe(false);
      expect(bytes.includes(0x5d), 'a literal ] byte').toBe(false);
    });
  },
);
