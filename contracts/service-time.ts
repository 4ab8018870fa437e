// The service's calendar: local wall-clock date-times in its zone, day arithmetic and the
// grid filter's date format; the mock, the fixtures and the tests all count days with it.

/** Live notes ("JSON shapes and aliases"): date-times are local wall-clock, Europe/London, without an offset. */
const SERVICE_ZONE = 'Europe/London';

/** One formatter per zone: making one costs a hundred times formatting with it (the mock's seed formats hundreds). */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** `YYYY-MM-DDTHH:MM:SS` of `d` in the service's zone. */
export function toLocalIso(d: Date, timeZone = SERVICE_ZONE): string {
  const p = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

/** Today (`YYYY-MM-DD`) in the service's zone. */
export const serviceToday = (): string => toLocalIso(new Date()).slice(0, 10);

/** Midnight of the local day of `iso`. */
export const startOfDay = (iso: string): string => `${iso.slice(0, 10)}T00:00:00`;

/** Add whole days, hours and minutes to a local ISO date-time, staying in wall-clock terms. */
export function shiftLocal(iso: string, { days = 0, hours = 0, minutes = 0 }: { days?: number; hours?: number; minutes?: number }): string {
  const d = new Date(`${iso}Z`);
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(d.getUTCHours() + hours, d.getUTCMinutes() + minutes);
  return d.toISOString().slice(0, 19);
}

/** The day `n` days after `day` (`YYYY-MM-DD`, or a date-time whose day is taken). */
export const addDays = (day: string, n: number): string => shiftLocal(startOfDay(day), { days: n }).slice(0, 10);

/** Whole days from `from` to `to` (days, or date-times whose days are taken); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${startOfDay(to)}Z`) - Date.parse(`${startOfDay(from)}Z`)) / 86_400_000);

/** The grid filter's format `YYYY/MM/DDT00:00:00` (interface doc, GetForHallgrid). */
export const slashDate = (day: string): string => `${day.slice(0, 10).replace(/-/g, '/')}T00:00:00`;

/**
 * The grid's startDateFrom/startDateTo for the bookings that start on `day` (a day or a date-time), in either
 * reading of the upper bound the document leaves open (the whole day, or the midnight its format shows): that
 * day's midnight and the next day's.
 */
export const startDayBounds = (day: string): { startDateFrom: string; startDateTo: string } => ({
  startDateFrom: slashDate(day),
  startDateTo: slashDate(addDays(day.slice(0, 10), 1)),
});
