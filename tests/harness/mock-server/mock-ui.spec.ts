// The built-in mock as a person explores it: in Chromium where the page's script is what is tested (the
// scheduler is a week calendar: each event in its day's column, in time order, weeks that move, the booking
// popup, an error when the feed fails; the form's "Check availability" answers), from the setup project's
// saved session. What the server renders or redirects (`/` leads to the login page or the landing page,
// the stylesheet, the dates a page shows) is read at the wire and parsed with cheerio, and `npm run mock`
// prints where to log in.
import { request, type Page } from '@playwright/test';
import * as cheerio from 'cheerio';
import {
  addDays,
  CalendarEventList,
  endpoints,
  eventId,
  isLoginPath,
  itemsOf,
  LOGIN_PATH,
  pagePath,
  pathKey,
  serviceToday,
} from '../../../contracts/index.js';
import { draftBooking, fillBooking } from '../../../fixtures/bookings/draft.js';
import { childEnv, startNode } from '../../../child-runs/child-run.js';
import { expect, test, type WorkerFixtures } from '../../../fixtures/index.js';
import { fault } from '../../../mock-server/fault-handlers.js';
import { BookingFormPage } from '../../../fixtures/pages/booking-form-page.js';
import { BrowserSession } from '../../../fixtures/pages/browser-session.js';
import { normaliseColour } from '../../../client/colour.js';
import { SchedulerPage } from '../../../fixtures/pages/scheduler-page.js';
import { STORAGE_STATE } from '../../../settings/paths.js';

type Target = WorkerFixtures['target'];
const FEED = endpoints.listSchedulerEvents.path;
const isFeed = (url: string) => pathKey(url) === FEED.toLowerCase();

/** Monday of the service's current week. */
function thisMonday(): string {
  const today = serviceToday();
  return addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
}
const ukDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Every event the page shows: booking id, colour, the column it sits in, and where it is drawn. */
async function placedEvents(page: Page) {
  return page.locator('#calendar .fc-event').evaluateAll((els) =>
    els.map((el) => {
      const column = el.closest<HTMLElement>('[data-date]');
      const box = el.getBoundingClientRect();
      const col = column?.getBoundingClientRect();
      return {
        id: (el as HTMLElement).dataset.booking ?? '',
        start: (el as HTMLElement).dataset.start ?? '',
        colour: getComputedStyle(el).backgroundColor,
        column: column?.dataset.date ?? null,
        // Drawn inside its column, not only a DOM child of it.
        inColumn: !!col && box.left >= col.left - 1 && box.right <= col.right + 1,
        top: box.top,
      };
    }),
  );
}

test.describe('the mock as a person explores it', () => {
  test.use({ storageState: STORAGE_STATE });
  /** The page's session: the setup project's, saved (a person who logged in before). */
  const session = (page: Page, target: Target) => new BrowserSession(page.context(), target);

  test("'/' leads to the login page when logged out and to the landing page once logged in; pages link a stylesheet it serves", async ({
    target,
  }) => {
    // Redirects and markup the server renders: read at the wire, as a browser would be sent and handed them.
    const as = (storageState: typeof STORAGE_STATE | { cookies: []; origins: [] }) =>
      request.newContext({ baseURL: target.baseUrl, storageState });
    const [loggedOut, loggedIn] = await Promise.all([as({ cookies: [], origins: [] }), as(STORAGE_STATE)]);
    try {
      const login = await loggedOut.get('/');
      expect(isLoginPath(login.url()), `GET / logged out landed on ${login.url()}`).toBe(true);
      const href = cheerio
        .load(await login.text())('link[rel="stylesheet"]')
        .attr('href');
      expect(href, 'the login page links a stylesheet').toBeTruthy();
      // As a browser resolves it: against the page's own URL.
      const css = await loggedOut.get(new URL(href!, login.url()).toString());
      expect(css.headers()['content-type'], `GET ${href}: served as a stylesheet`).toMatch(/^text\/css/);
      expect(await css.text(), `GET ${href}: rules`).toMatch(/[^{}]+\{[^{}]*:[^{}]*\}/);
      const home = await loggedIn.get('/');
      expect(pathKey(home.url()), 'GET / logged in').toBe(pathKey(pagePath('dashboardPage', { hall_id: target.hallId })));
      const $ = cheerio.load(await home.text());
      const links = $('a')
        .toArray()
        .map((a) => $(a).text().trim());
      expect(links, 'the landing page links the scheduler').toContain('Scheduler');
    } finally {
      await Promise.all([loggedOut.dispose(), loggedIn.dispose()]);
    }
  });

  test('the scheduler week puts each event of the feed in its day column in time order; the weeks move; an event opens its popup', async ({
    page,
    target,
  }, testInfo) => {
    const scheduler = new SchedulerPage(page, session(page, target));
    expect(await scheduler.open(target.hallId)).toBe(200);
    const loaded = await scheduler.loadedEvents();
    expect(loaded, `the page loads ${FEED}`).not.toBeNull();
    const monday = thisMonday();
    expect(new URL(loaded!.url).searchParams.get('start'), 'the week the page asks for').toBe(`${monday}T00:00:00Z`);
    const styled = await page.evaluate(() => [...document.styleSheets].some((sheet) => !!sheet.href && sheet.cssRules.length > 0));
    expect(styled, 'the browser applies the stylesheet the page links, with its rules').toBe(true);
    const events = CalendarEventList.parse(loaded!.body);
    expect(events, `the mock seeds bookings in the week of ${monday}`).not.toHaveLength(0);
    await expect(page.locator('#calendar .fc-event')).toHaveCount(events.length);
    await expect(page.locator('#calendar [data-date]'), 'a column per day').toHaveCount(7);
    const shot = testInfo.outputPath('scheduler-week.png');
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach('scheduler week', { path: shot, contentType: 'image/png' });

    const placed = await placedEvents(page);
    for (const e of events) {
      const colour = normaliseColour(e.color);
      const shown = placed.filter((p) => p.id === String(eventId(e)) && normaliseColour(p.colour) === colour);
      const day = e.start.slice(0, 10) < monday ? monday : e.start.slice(0, 10);
      expect(shown, `event ${eventId(e)} "${e.title}" in ${e.color} (start ${e.start}) shown once`).toHaveLength(1);
      expect(shown[0]?.column, `event ${eventId(e)} "${e.title}" (start ${e.start}): its column`).toBe(day);
      expect(shown[0]?.inColumn, `event ${eventId(e)} is drawn inside its column`).toBe(true);
    }
    for (const column of new Set(placed.map((p) => p.column))) {
      const inColumn = placed.filter((p) => p.column === column).sort((a, b) => a.top - b.top);
      const starts = inColumn.map((p) => p.start);
      expect(starts, `events of ${column} top to bottom are in time order`).toEqual([...starts].sort());
    }
    // The legend is beside the week, not among its events.
    const [legend, calendar] = await Promise.all([scheduler.roomLabels.first().boundingBox(), page.locator('#calendar').boundingBox()]);
    expect(legend!.x + legend!.width, 'the room legend ends left of the calendar').toBeLessThanOrEqual(calendar!.x);

    for (const [button, week] of [
      ['Next week', addDays(monday, 7)],
      ['Previous week', monday],
      ['Previous week', addDays(monday, -7)],
    ] as const) {
      const feed = page.waitForResponse((r) => isFeed(r.url()));
      await page.getByRole('button', { name: button }).click();
      expect(new URL((await feed).url()).searchParams.get('start'), `${button}: the feed asked`).toBe(`${week}T00:00:00Z`);
      await expect(page.locator('#calendar [data-date]').first(), `${button}: the first column`).toHaveAttribute('data-date', week);
      await expect(page.locator('#weekTitle')).toHaveText(`${ukDate(week)} – ${ukDate(addDays(week, 6))}`);
    }
    const reloaded = page.waitForResponse((r) => isFeed(r.url()));
    await page.reload();
    expect(new URL((await reloaded).url()).searchParams.get('start'), 'a reload keeps the week').toBe(`${addDays(monday, -7)}T00:00:00Z`);

    await page.getByRole('button', { name: 'This week' }).click();
    await expect(page.locator('#calendar .fc-event')).toHaveCount(events.length);
    const first = events[0]!;
    await page
      .locator(`#calendar .fc-event[data-booking="${eventId(first)}"]`)
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator(`.booking-popup[data-booking="${eventId(first)}"]`), 'the popup of the event clicked').toBeVisible();
    await expect(dialog).toContainText(first.title);
    await page.locator('#closeBooking').click();
    await expect(dialog).toBeHidden();
  });

  test('the scheduler says the feed failed (500, then a reset) instead of "Loading…", and loads again when asked', async ({
    page,
    target,
    mock,
  }) => {
    const scheduler = new SchedulerPage(page, session(page, target));
    for (const kind of ['500', 'reset'] as const) {
      const broken = fault({ fault: kind, path: FEED });
      mock.use(broken);
      await scheduler.open(target.hallId);
      const alert = page.locator('#calendar [role="alert"]');
      await expect(alert, kind).toContainText(kind === '500' ? 'HTTP 500' : 'did not answer');
      await expect(page.locator('#calendar'), kind).not.toContainText('Loading…');
      expect(broken.active.hits, `the page met the fault (${kind})`).toBeGreaterThan(0);
      broken.active.remaining = 0;
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(page.locator('#calendar .fc-event').first(), `loaded again after the ${kind}`).toBeVisible();
    }
  });

  test('"Check availability" on the booking form answers for a free slot and for a taken one; a new event takes its place in time', async ({
    page,
    target,
  }) => {
    const browserSession = session(page, target);
    const form = new BookingFormPage(page, browserSession);
    await form.openCreate();
    const today = serviceToday();
    const draft = await draftBooking(form, {
      name: 'Early coffee',
      start: `${today}T07:00:00`,
      end: `${today}T08:00:00`,
      roomCount: 1,
      status: 'Confirmed',
    });
    await fillBooking(form, draft);
    // As a person types them: the UK form the page shows.
    await form.fillText('StartDate', `${ukDate(today)} 07:00`);
    await form.fillText('EndDate', `${ukDate(today)} 08:00`);
    const answer = page.locator('#availabilityResult');
    const asked = page.waitForRequest((r) => pathKey(r.url()) === endpoints.checkAvailability.path.toLowerCase());
    await page.getByRole('button', { name: 'Check availability' }).click();
    expect((await asked).postDataJSON(), 'the body CheckAvailability takes').toMatchObject({
      Rooms: [Number(draft.rooms[0]!.roomId)],
      StartDateTime: `${today}T07:00:00`,
      EndDateTime: `${today}T08:00:00`,
      HallId: target.hallId,
    });
    await expect(answer).toHaveText(/^Available/);
    await form.fillText('StartDate', `${ukDate(today)} 00:00`);
    await form.fillText('EndDate', `${ukDate(addDays(today, 7))} 00:00`);
    await page.getByRole('button', { name: 'Check availability' }).click();
    await expect(answer, 'a week of the first room holds a seeded booking').toHaveText(/^Not available: booked by booking \d+/);

    await form.fillText('StartDate', `${ukDate(today)} 07:00`);
    await form.fillText('EndDate', `${ukDate(today)} 08:00`);
    expect(await form.submit(), 'the booking is stored').toMatchObject({ kind: 'redirected' });
    const scheduler = new SchedulerPage(page, browserSession);
    await scheduler.open(target.hallId);
    await expect(page.locator('#calendar .fc-event').first()).toBeVisible();
    const todays = (await placedEvents(page)).filter((p) => p.column === today).sort((a, b) => a.top - b.top);
    expect(todays[0]?.start, 'the new 07:00 booking, last in the feed, comes first in its day').toBe(`${today}T07:00:00`);
  });

  test('npm run mock prints the login URL in its start banner, and that URL serves the login form', async () => {
    const child = startNode(['--import', 'tsx', 'mock-server/cli.ts', '--port', '0'], childEnv({}));
    try {
      await child.waitFor(/^Faults on:/m);
      const login = /log in at:\s+(\S+)/.exec(child.output())?.[1];
      expect(login, `the banner:\n${child.output()}`).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${LOGIN_PATH}$`));
      const reply = await fetch(login!);
      expect(reply.status, `GET ${login}`).toBe(200);
      expect(await reply.text(), 'the login form').toContain('name="Password"');
    } finally {
      await child.stop('SIGTERM');
    }
  });

  test("the pages show a booking's dates one way, dd/mm/yyyy HH:mm: the bookings index, View, the popup and the edit form", async ({
    target,
    api,
  }) => {
    // The pages are rendered by the server: their text without scripts and styles is what a person reads.
    const parsed = async (path: string) => cheerio.load((await api.send(path, { endpointId: 'mock page' })).text);
    // A booking on the index's first page, as the grid lists it.
    const index = await parsed(pagePath('bookingsIndexPage', { hall_id: target.hallId }));
    const id = Number(index('#bookingsGrid tbody tr').first().attr('data-booking-id'));
    const { data } = await api.call('listBookingsForHallGrid', { query: { id: target.hallId, timerange: 5 } });
    const booking = itemsOf(data).find((b) => b.BookingId === id);
    expect(booking, `booking ${id} of the index's first page on the grid`).toBeDefined();
    const start = booking!.StartDateTime;
    const shown = `${ukDate(start)} ${start.slice(11, 16)}`;
    for (const path of [
      pagePath('bookingsIndexPage', { hall_id: target.hallId }),
      pagePath('viewBookingPage', { booking_id: id }),
      pagePath('bookingPopup', { booking_id: id }),
    ]) {
      const $ = await parsed(path);
      $('script, style').remove();
      const text = $('body').text();
      expect(text, `${path} shows booking ${id}'s start ${start} as ${shown}`).toContain(shown);
      expect(text, `${path} shows no ISO date`).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
    const edit = await parsed(pagePath('editBookingPage', { booking_id: id }));
    expect(edit('[name="StartDate"]').val(), `the edit form of booking ${id}`).toBe(shown);
  });
});
