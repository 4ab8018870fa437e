// Wall-clock helpers: the service speaks local Europe/London date-times without an
// offset (live notes, "JSON shapes and aliases").
export const SERVICE_TIME_ZONE = 'Europe/London';

const parts = (d: Date, timeZone: string) => {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
};

/** `YYYY-MM-DDTHH:MM:SS` in the service's zone. */
export const toLocalIso = (d: Date, timeZone = SERVICE_TIME_ZONE): string => parts(d, timeZone);

/** Add whole days / hours to a local ISO string, staying in wall-clock terms. */
export function shiftLocal(iso: string, { days = 0, hours = 0, minutes = 0 }: { days?: number; hours?: number; minutes?: number }): string {
  const d = new Date(`${iso}Z`);
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(d.getUTCHours() + hours, d.getUTCMinutes() + minutes);
  return d.toISOString().slice(0, 19);
}

/** Midnight of the local day of `iso`. */
export const startOfDay = (iso: string): string => `${iso.slice(0, 10)}T00:00:00`;
