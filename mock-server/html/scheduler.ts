// The scheduler page (interface doc, "Room colour mapping"; live notes, "Scheduler"): a legend of
// `#RoomColorList .room-label` items beside a week calendar its script fills from the feed. Open point
// roomLabels: the `live` markup of the live notes, or `varied` notations only a robust parser reads.
import { endpoints, LOGIN_PATH, pages, ROOM_COLOUR_LIST_ID, type MockReadings } from '../../contracts/index.js';
import { shiftLocal } from '../../contracts/service-time.js';
import type { RoomRecord } from '../state.js';
import { ukDate } from './dates.js';
import { esc, layout } from './layout.js';
import { SCHEDULER_SCRIPT } from './scheduler-script.js';

function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** Live notes, "Scheduler": `background-color:#rrggbb!important;`. */
const liveRoomLabelStyle = (colour: string): string => `background-color:${colour.toLowerCase()}!important;`;

/** The style attribute of the i-th label in the varied reading: three notations in turn, all with `!important`. */
function variedRoomLabelStyle(colour: string, i: number): string {
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
  /** Monday 00:00 of the week shown first (`YYYY-MM-DDT00:00:00`). */
  weekStart: string;
  /** The service's today (`YYYY-MM-DD`): highlighted, and where "This week" leads. */
  today: string;
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
  const week = `${ukDate(m.weekStart)} – ${ukDate(shiftLocal(m.weekStart, { days: 6 }))}`;
  // The page's settings ride on #calendar, so its script is one constant text.
  const settings = {
    'hall-id': m.hallId,
    'week-start': m.weekStart,
    today: m.today,
    feed: endpoints.listSchedulerEvents.path,
    popup: pages.bookingPopup.path,
    login: LOGIN_PATH,
  };
  const data = Object.entries(settings)
    .map(([k, v]) => `data-${k}="${esc(v)}"`)
    .join(' ');
  return layout({
    title: 'Scheduler',
    token: m.token,
    user: m.user,
    body: `<h2>${esc(m.hallName)}: scheduler</h2>
<div class="scheduler">
  <aside class="room-legend" aria-labelledby="roomLegendTitle">
    <h3 id="roomLegendTitle">Rooms</h3>
    <p class="hint">Click a room to show only its bookings.</p>
    ${live ? allRooms : ''}
    <div id="${ROOM_COLOUR_LIST_ID}">
    ${live ? '' : allRooms}
    ${labels}
    </div>
  </aside>
  <section class="week-view" aria-labelledby="weekTitle">
    <div class="week-nav">
      <button type="button" class="btn" id="prevWeek">‹ Previous week</button>
      <button type="button" class="btn" id="thisWeek">This week</button>
      <button type="button" class="btn" id="nextWeek">Next week ›</button>
      <h3 class="week-title" id="weekTitle">${esc(week)}</h3>
      <span class="room-filter" id="roomFilter">All rooms</span>
    </div>
    <div id="calendar" aria-live="polite" ${data}>Loading…</div>
  </section>
</div>
<dialog class="booking-dialog" id="bookingDialog" aria-label="Booking">
  <button type="button" class="btn dialog-close" id="closeBooking" aria-label="Close">×</button>
  <div id="bookingDialogBody"></div>
</dialog>
<script>${SCHEDULER_SCRIPT}</script>`,
  });
}
