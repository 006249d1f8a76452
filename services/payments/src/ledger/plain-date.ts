/**
 * Calendar dates without a time or a zone ("2026-12-01"), which is what rent is due on: a due date is the same date
 * wherever the reader is. The instant a date begins is the location's business (its IANA time zone); `localDate`
 * answers which date an instant falls on there. Strings in ISO form compare correctly as strings.
 */
export type PlainDate = string;
/** A rent period: the month a charge is for ("2026-12"). */
export type Period = string;

const plainDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const periodPattern = /^(\d{4})-(\d{2})$/;

export function isPlainDate(value: string): boolean {
  const match = plainDatePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function isPeriod(value: string): boolean {
  const match = periodPattern.exec(value);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

/** 28 to 31: month 1–12 of a proleptic Gregorian year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parts(date: PlainDate): { year: number; month: number; day: number } {
  if (!isPlainDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

function format(year: number, month: number, day: number): PlainDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `date` plus `days` (negative to go back), across months and years. */
export function addDays(date: PlainDate, days: number): PlainDate {
  const { year, month, day } = parts(date);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return format(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: PlainDate, to: PlainDate): number {
  const a = parts(from);
  const b = parts(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

export function periodOf(date: PlainDate): Period {
  return date.slice(0, 7);
}

export function nextPeriod(period: Period): Period {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(5, 7));
  return month === 12 ? `${String(year + 1).padStart(4, '0')}-01` : `${period.slice(0, 4)}-${String(month + 1).padStart(2, '0')}`;
}

/**
 * The date rent of `period` is due on a `dueDay` (1–31) schedule: that day of the month, or the month's last day when
 * the month is shorter (due on the 31st: April's rent is due April 30, February's on the 28th or 29th).
 */
export function dueDateIn(period: Period, dueDay: number): PlainDate {
  if (!isPeriod(period)) throw new RangeError(`not a period: ${period}`);
  if (!Number.isInteger(dueDay) || dueDay < 1 || dueDay > 31) throw new RangeError(`not a due day: ${dueDay}`);
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(5, 7));
  return format(year, month, Math.min(dueDay, daysInMonth(year, month)));
}

const localDateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date `instant` falls on in `timeZone` (an IANA name such as "America/Chicago"). */
export function localDate(instant: Date, timeZone: string): PlainDate {
  let formatter = localDateFormats.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    localDateFormats.set(timeZone, formatter);
  }
  const values = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return format(Number(values['year']), Number(values['month']), Number(values['day']));
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds (negative west of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  let formatter = offsetFormats.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    offsetFormats.set(timeZone, formatter);
  }
  const v = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(v['year']!, v['month']! - 1, v['day']!, v['hour']!, v['minute']!, v['second']!) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant `date` begins in `timeZone` (its local midnight; on a day whose midnight a clock change skips, the first
 * instant that exists). Computed from the zone's offset at the guess, then again at the answer, which settles it on
 * either side of a change.
 */
export function startOfDay(date: PlainDate, timeZone: string): Date {
  const { year, month, day } = parts(date);
  const wall = Date.UTC(year, month - 1, day);
  let instant = wall - zoneOffsetMs(wall, timeZone);
  instant = wall - zoneOffsetMs(instant, timeZone);
  if (localDate(new Date(instant), timeZone) < date) instant += 3_600_000;
  return new Date(instant);
}
