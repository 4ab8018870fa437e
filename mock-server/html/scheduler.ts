// The scheduler page (interface doc, "Room colour mapping"; live notes, "Scheduler"):
// one `#RoomColorList .room-label` per room, and a week calendar filled in the browser
// from `/api/Scheduler/GetBookings`. Open point roomLabels: the `live` markup as the live
// notes describe it, or `varied` notations (hex in either case, `rgb()`, odd spacing, an
// "All rooms" item inside the list) that only a robust parser reads.
import { endpoints, ROOM_COLOUR_LIST_ID, type MockReadings } from '../../contracts/index.js';
import type { RoomRecord } from '../state.js';
import { esc, layout } from './layout.js';

function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** Live notes, "Scheduler": `background-color:#rrggbb!important;`. */
export const liveRoomLabelStyle = (colour: string): string => `background-color:${colour.toLowerCase()}!important;`;

/** The style attribute of the i-th label in the varied reading: three notations in turn, all with `!important`. */
export function variedRoomLabelStyle(colour: string, i: number): string {
  switch (i % 3) {
    case 0:
      return `background-color:${colour.toUpperCase()}!important;`;
    case 1:
      return `background-color: ${rgb(colour)} !important;`;
    default:
      return `color:#fff; background-color :${colour.toLowerCase()} !important ;`;
  }
}

export interface SchedulerModel {
  hallId: number;
  hallName: string;
  rooms: RoomRecord[];
  weekStart: string;
  weekEnd: string;
  token: string;
  user: string;
  roomLabels: MockReadings['roomLabels'];
}

export function schedulerPage(m: SchedulerModel): string {
  const live = m.roomLabels === 'live';
  const labels = m.rooms
    .map(
      (r, i) =>
        `<div class="room-label" onclick="setRoom(${r.id})" ` +
        `style="${live ? liveRoomLabelStyle(r.colour) : variedRoomLabelStyle(r.colour, i)}">${esc(r.name)}</div>`,
    )
    .join('\n    ');
  const allRooms = '<div class="room-label-all" onclick="setRoom(0)">All rooms</div>';
  const feed = endpoints.listSchedulerEvents.path;
  return layout({
    title: 'Scheduler',
    token: m.token,
    user: m.user,
    body: `<h2>${esc(m.hallName)}: scheduler</h2>
<div class="row">
  <div class="col-md-2">
    ${live ? allRooms : ''}
    <div id="${ROOM_COLOUR_LIST_ID}">
    ${live ? '' : allRooms}
    ${labels}
    </div>
  </div>
  <div class="col-md-10"><div id="calendar" aria-live="polite" data-week-start="${esc(m.weekStart)}">Loading…</div></div>
</div>
<script>
  var currentRoom = 0;
  function setRoom(id) { currentRoom = id; loadWeek(); }
  function loadWeek() {
    var q = new URLSearchParams({ HallId: '${m.hallId}', start: '${m.weekStart}Z', end: '${m.weekEnd}Z', roomId: String(currentRoom) });
    fetch('${feed}?' + q.toString(), { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(function (r) { return r.json(); })
      .then(function (events) {
        var cal = document.getElementById('calendar');
        cal.textContent = '';
        events.forEach(function (e) {
          var div = document.createElement('div');
          div.className = 'fc-event';
          div.setAttribute('data-booking', String(e.id != null ? e.id : e.Id));
          div.style.backgroundColor = e.color;
          div.textContent = e.start.slice(0, 16).replace('T', ' ') + ' ' + e.title + ' (' + e.RoomsUsed + ')';
          cal.appendChild(div);
        });
        if (!events.length) cal.textContent = 'No bookings this week.';
      });
  }
  loadWeek();
</script>`,
  });
}
