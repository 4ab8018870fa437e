// The scheduler page's own script, run in the browser: loads a week from the calendar feed,
// lays the events out in day columns, moves between weeks, filters by room (`setRoom`, as the
// live page's labels call it), opens the booking popup, and says so when the feed fails.
// Everything it needs comes from data attributes on #calendar, so the text is constant.
export const SCHEDULER_SCRIPT = String.raw`
(function () {
  var cal = document.getElementById('calendar');
  var cfg = cal.dataset;
  var hallId = cfg.hallId;
  var week = cfg.weekStart.slice(0, 10);
  var today = cfg.today;
  var room = 0;
  var seq = 0;
  var DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  var title = document.getElementById('weekTitle');
  var dialog = document.getElementById('bookingDialog');
  var dialogBody = document.getElementById('bookingDialogBody');

  // Days are wall-clock dates of the service (Europe/London); UTC arithmetic keeps them whole.
  function addDays(day, n) {
    var d = new Date(day + 'T00:00:00Z');
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  }
  function mondayOf(day) {
    return addDays(day, -((new Date(day + 'T00:00:00Z').getUTCDay() + 6) % 7));
  }
  // The mock's one display format: dd/mm/yyyy HH:mm.
  function ukDate(iso) {
    return iso.slice(8, 10) + '/' + iso.slice(5, 7) + '/' + iso.slice(0, 4);
  }
  function hhmm(iso) {
    return iso.slice(11, 16);
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function isLight(colour) {
    var m = /^#([0-9a-f]{6})$/i.exec(String(colour || '').trim());
    if (!m) return false;
    var n = parseInt(m[1], 16);
    return 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) > 170;
  }
  function failure(message, loginLink) {
    var box = el('div', 'calendar-status', message + ' ');
    box.setAttribute('role', 'alert');
    if (loginLink) {
      var a = el('a', '', 'Log in again');
      a.href = cfg.login + '?ReturnUrl=' + encodeURIComponent(location.pathname + location.search);
      box.appendChild(a);
    } else {
      var retry = el('button', 'btn', 'Try again');
      retry.type = 'button';
      retry.addEventListener('click', load);
      box.appendChild(retry);
    }
    return box;
  }
  function toLogin(response) {
    return response.redirected && /\/account\/login$/i.test(new URL(response.url).pathname);
  }
  function reason(error) {
    return error && error.own ? error.message : 'the server did not answer (' + (error && error.message) + ').';
  }
  function own(message, login) {
    var e = new Error(message);
    e.own = true;
    e.login = !!login;
    return e;
  }

  function eventItem(e, day) {
    var id = e.id != null ? e.id : e.Id;
    var a = el('a', 'fc-event' + (isLight(e.color) ? ' on-light' : ''));
    a.href = cfg.popup.replace('{booking_id}', encodeURIComponent(String(id)));
    a.dataset.booking = String(id);
    a.dataset.start = e.start;
    a.style.backgroundColor = e.color;
    var end = typeof e.end === 'string' ? e.end : '';
    var from = e.start.slice(0, 10) === day ? hhmm(e.start) : ukDate(e.start) + ' ' + hhmm(e.start);
    var to = !end ? '' : end.slice(0, 10) === e.start.slice(0, 10) ? hhmm(end) : ukDate(end) + ' ' + hhmm(end);
    a.appendChild(el('span', 'fc-time', to ? from + '–' + to : from));
    a.appendChild(el('span', 'fc-title', String(e.title)));
    if (e.RoomsUsed) a.appendChild(el('span', 'fc-rooms', String(e.RoomsUsed)));
    a.addEventListener('click', function (ev) {
      ev.preventDefault();
      openBooking(id, a.href);
    });
    var li = el('li');
    li.appendChild(a);
    return li;
  }

  function render(events) {
    var grid = el('div', 'week');
    var lists = {};
    for (var i = 0; i < 7; i++) {
      var day = addDays(week, i);
      var col = el('div', 'day-column' + (day === today ? ' is-today' : ''));
      col.dataset.date = day;
      var head = col.appendChild(el('div', 'day-head'));
      head.append(el('span', 'day-name', DAYS[i]), ' ', el('span', 'day-date', ukDate(day)));
      lists[day] = col.appendChild(el('ul', 'day-events'));
      grid.appendChild(col);
    }
    // In time order, whatever order the feed sends; a booking begun before the week opens on its Monday.
    var shown = events
      .filter(function (e) { return e && typeof e.start === 'string'; })
      .sort(function (a, b) {
        return a.start < b.start ? -1 : a.start > b.start ? 1 : String(a.title).localeCompare(String(b.title));
      });
    shown.forEach(function (e) {
      var day = e.start.slice(0, 10) < week ? week : e.start.slice(0, 10);
      if (lists[day]) lists[day].appendChild(eventItem(e, day));
    });
    cal.replaceChildren(grid);
    if (!shown.length) cal.appendChild(el('p', 'empty-week', room ? 'No bookings of this room this week.' : 'No bookings this week.'));
  }

  function load() {
    var mine = ++seq;
    var from = week;
    var to = addDays(week, 7);
    title.textContent = ukDate(from) + ' – ' + ukDate(addDays(week, 6));
    cal.setAttribute('aria-busy', 'true');
    cal.replaceChildren(el('p', 'calendar-status', 'Loading…'));
    var q = new URLSearchParams({ HallId: hallId, start: from + 'T00:00:00Z', end: to + 'T00:00:00Z', roomId: String(room) });
    fetch(cfg.feed + '?' + q.toString(), { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(function (r) {
        if (toLogin(r)) throw own('Your session has ended.', true);
        if (!r.ok) throw own('the server answered HTTP ' + r.status + (r.statusText ? ' ' + r.statusText : '') + '.');
        return r.json().catch(function () {
          throw own('the answer is not JSON.');
        });
      })
      .then(function (body) {
        var events = Array.isArray(body) ? body : body && Array.isArray(body.Data) ? body.Data : null;
        if (!events) throw own('the answer is not a list of events.');
        if (mine === seq) render(events);
      })
      .catch(function (error) {
        if (mine !== seq) return;
        var what = 'Could not load the bookings of ' + title.textContent + ': ';
        cal.replaceChildren(failure(error && error.login ? error.message : what + reason(error), error && error.login));
      })
      .finally(function () {
        if (mine === seq) cal.removeAttribute('aria-busy');
      });
  }

  function openBooking(id, href) {
    dialogBody.replaceChildren(el('p', '', 'Loading…'));
    if (!dialog.open) dialog.showModal();
    fetch(href, { credentials: 'same-origin' })
      .then(function (r) {
        if (toLogin(r)) throw own('Your session has ended.', true);
        if (!r.ok) throw own('the server answered HTTP ' + r.status + '.');
        return r.text();
      })
      .then(function (html) {
        dialogBody.innerHTML = html;
      })
      .catch(function (error) {
        dialogBody.replaceChildren(failure('Could not open booking ' + id + ': ' + reason(error), error && error.login));
      });
  }

  function go(day) {
    week = mondayOf(day);
    history.replaceState(null, '', '?date=' + week);
    load();
  }

  var legend = document.querySelectorAll('.room-legend [onclick]');
  function markRoom() {
    var name = 'All rooms';
    legend.forEach(function (item) {
      var m = /setRoom\(\s*(\d+)\s*\)/.exec(item.getAttribute('onclick') || '');
      var active = !!m && Number(m[1]) === room;
      item.classList.toggle('is-active', active);
      item.setAttribute('aria-pressed', String(active));
      if (active && room) name = item.textContent.trim();
    });
    document.getElementById('roomFilter').textContent = room ? 'Showing: ' + name : 'All rooms';
  }
  // Keyboard users reach the labels too (they are divs on the live page).
  legend.forEach(function (item) {
    item.tabIndex = 0;
    item.setAttribute('role', 'button');
    item.addEventListener('keydown', function (ev) {
      if (ev.key === 'Enter' || ev.key === ' ') {
        ev.preventDefault();
        item.click();
      }
    });
  });

  window.setRoom = function (id) {
    room = Number(id) || 0;
    markRoom();
    load();
  };
  document.getElementById('prevWeek').addEventListener('click', function () { go(addDays(week, -7)); });
  document.getElementById('nextWeek').addEventListener('click', function () { go(addDays(week, 7)); });
  document.getElementById('thisWeek').addEventListener('click', function () { go(today); });
  document.getElementById('closeBooking').addEventListener('click', function () { dialog.close(); });
  dialog.addEventListener('click', function (ev) {
    if (ev.target === dialog) dialog.close();
  });
  markRoom();
  load();
})();
`;
