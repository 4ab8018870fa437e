// The one display format of the mock's pages: UK `dd/mm/yyyy HH:mm`, local wall-clock (live
// notes: date-times are Europe/London without an offset). JSON and posts keep ISO 8601.

/** `YYYY-MM-DD…` → `dd/mm/yyyy`. */
export const ukDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** `YYYY-MM-DDTHH:MM…` → `dd/mm/yyyy HH:mm`. */
export const ukDateTime = (iso: string): string => `${ukDate(iso)} ${iso.slice(11, 16)}`;

/** What a date field shows: a stored `YYYY-MM-DDTHH:MM:SS` in the UK form; anything else (a re-rendered post) as posted, as MVC does. */
export const forDateField = (v: string): string => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v) ? ukDateTime(v) : v);

/** The placeholder of a date field, in the same form. */
export const DATE_FIELD_HINT = 'dd/mm/yyyy hh:mm';
