// The booking form's "Check availability" button, run in the browser: posts the ticked rooms and
// the two dates to CheckAvailability (interface doc: JSON, token header) and shows the answer
// beside the button. Settings come from the button's data attributes, so the text is constant.
export const AVAILABILITY_SCRIPT = String.raw`
(function () {
  var button = document.getElementById('checkAvailability');
  var out = document.getElementById('availabilityResult');
  var form = button.form;
  var cfg = button.dataset;

  // What a person types (dd/mm/yyyy hh:mm) or ISO → YYYY-MM-DDTHH:MM:SS; null when neither.
  function isoOf(raw) {
    var s = String(raw || '').trim();
    var m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
    if (m) return m[1] + '-' + m[2] + '-' + m[3] + 'T' + m[4] + ':' + m[5] + ':' + (m[6] || '00');
    m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(s);
    return m ? m[3] + '-' + m[2] + '-' + m[1] + 'T' + m[4] + ':' + m[5] + ':00' : null;
  }
  function show(text, kind) {
    out.textContent = text;
    out.className = 'availability is-' + kind;
  }
  function field(name) {
    var el = form.querySelector('[name="' + name + '"]');
    return el ? el.value : '';
  }

  button.addEventListener('click', function () {
    var rooms = Array.prototype.filter
      .call(form.querySelectorAll('input[type="checkbox"][name$=".Selected"]'), function (box) { return box.checked; })
      .map(function (box) { return Number(field(box.name.replace(/\.Selected$/, '.RoomId'))); });
    var start = isoOf(field('StartDate'));
    var end = isoOf(field('EndDate'));
    if (!start || !end || !rooms.length) {
      show('Enter the start and end as dd/mm/yyyy hh:mm and tick at least one room, then check again.', 'error');
      return;
    }
    var headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
    headers[cfg.tokenHeader] = field(cfg.tokenField);
    show('Checking…', 'pending');
    fetch(cfg.endpoint, {
      method: 'POST',
      credentials: 'same-origin',
      headers: headers,
      body: JSON.stringify({ Rooms: rooms, StartDateTime: start, EndDateTime: end, HallId: Number(cfg.hallId) }),
    })
      .then(function (r) {
        if (r.redirected && /\/account\/login$/i.test(new URL(r.url).pathname)) throw new Error('your session has ended; log in again');
        if (!r.ok) throw new Error('the server answered HTTP ' + r.status);
        return r.json();
      })
      .then(function (answer) {
        // The document does not show the answer's body: the mock's fields are read when present, else it is shown as sent.
        if (answer && typeof answer.IsAvailable === 'boolean') {
          // On an edit form the booking's own slot is no clash.
          var self = field('BookingId');
          var all = Array.isArray(answer.ConflictingBookingIds) ? answer.ConflictingBookingIds : [];
          var clash = all.filter(function (id) {
            return String(id) !== self;
          });
          if (answer.IsAvailable || (all.length && !clash.length)) show('Available: the rooms are free then.', 'free');
          else show('Not available' + (clash.length ? ': booked by booking ' + clash.join(', ') : '') + '.', 'taken');
        } else {
          show('The service answered: ' + JSON.stringify(answer), 'answer');
        }
      })
      .catch(function (error) {
        show('Could not check availability: ' + error.message + '.', 'error');
      });
  });
})();
`;
