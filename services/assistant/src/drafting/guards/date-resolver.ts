import * as chrono from 'chrono-node';
import { baseLanguage } from './language-detector.js';

/** A calendar date `YYYY-MM-DD` (no time zone: the location's own calendar). */
export type CalendarDate = string;

export interface ResolvedDate {
  /** The words of the message that named the date. */
  text: string;
  index: number;
  /** The date in the location's time zone. */
  date: CalendarDate;
  /** `HH:mm` (24 h) when the message gave a time, else null. */
  time: string | null;
  /** The UTC instant of that date and time when a time was given, else null (a day is not an instant). */
  instant: string | null;
}

export interface DateContext {
  /** When the message was received. */
  reference: Date;
  /** The location's IANA time zone, e.g. `America/Los_Angeles`. */
  timeZone: string;
  /** The message's language (BCP-47); chrono's parser of that language reads it, English when it has none. */
  language?: string;
}

const parsers: Record<string, chrono.Chrono> = {
  en: chrono.casual,
  es: chrono.es.casual,
  fr: chrono.fr.casual,
  de: chrono.de.casual,
  pt: chrono.pt.casual,
  it: chrono.it.casual,
  nl: chrono.nl.casual,
  zh: chrono.zh.casual,
  vi: chrono.vi.casual,
};

/**
 * A time right after a date chrono read without one: chrono's Portuguese, Spanish and French parsers leave out
 * "amanhã às 10h", "a las 10:30", "à 14h". Only a written hour marker (":mm", "h", "Uhr", am/pm) makes a number a time.
 */
const TRAILING_TIME = /^\s*,?\s*(?:(?:at|@|a las|a la|às|as|à|um|vers|gegen|alle|ore)\s+)?(\d{1,2})(?:(?::|h)(\d{2})|h\b|\s*uhr\b)?\s*(a\.?m\.?|p\.?m\.?)?/iu;
/** "3 de la tarde", "10 da noite", "8 du soir": chrono reads the hour and leaves the part of the day out (3 am). */
const AFTERNOON = /^\s*(?:de la (?:tarde|noche)|da (?:tarde|noite)|du soir|de l'apr[eè]s-midi|abends|nachmittags|di sera|del pomeriggio)\b/iu;
const MORNING = /^\s*(?:de la mañana|da manhã|du matin|morgens|del mattino)(?!\p{L})/iu;
/** Spanish "por la mañana" is "in the morning", which chrono reads as "tomorrow" ("mañana"). */
const MORNING_NOT_TOMORROW = /(?:por|de|en) la\s+$/iu;

/**
 * Relative and absolute dates of a message ("tomorrow at 10", "next Friday", "el lunes", "am 3. März") as absolute
 * dates in the location's time zone, computed here so the model never does date arithmetic.
 */
export function resolveDates(message: string, context: DateContext): ResolvedDate[] {
  const parser = parsers[baseLanguage(context.language ?? 'en')] ?? chrono.casual;
  const reference = { instant: context.reference, timezone: offsetMinutes(context.timeZone, context.reference) };
  const daysOfNextMonth = dayOfNextMonth(message, context);
  const resolved: ResolvedDate[] = daysOfNextMonth.flatMap((found) => (found.date === null ? [] : [{ ...found, date: found.date }]));
  const taken = daysOfNextMonth.map((found) => [found.index, found.index + found.text.length] as const);
  let consumedUntil = 0;
  for (const result of parser.parse(message, reference, { forwardDate: true })) {
    if (result.index < consumedUntil) continue;
    if (taken.some(([from, to]) => result.index >= from && result.index < to)) continue;
    if (/^mañana$/iu.test(result.text) && MORNING_NOT_TOMORROW.test(message.slice(0, result.index))) continue;
    const start = result.start;
    let end = result.index + result.text.length;
    let hour = start.isCertain('hour') ? start.get('hour') : null;
    let minute = hour === null ? null : (start.get('minute') ?? 0);
    if (hour === null) {
      const trailing = TRAILING_TIME.exec(message.slice(end));
      if (trailing && (trailing[2] !== undefined || trailing[3] !== undefined || /h|uhr/i.test(trailing[0]))) {
        hour = Number(trailing[1]);
        minute = Number(trailing[2] ?? 0);
        if (trailing[3] && /p/i.test(trailing[3]) && hour < 12) hour += 12;
        if (trailing[3] && /a/i.test(trailing[3]) && hour === 12) hour = 0;
        end += trailing[0].length;
      }
    }
    if (hour !== null) {
      const afternoon = AFTERNOON.exec(message.slice(end));
      const morning = MORNING.exec(message.slice(end));
      if (afternoon && hour < 12) hour += 12;
      end += afternoon?.[0].length ?? morning?.[0].length ?? 0;
    }
    consumedUntil = end;
    // "esta mañana" is this morning; chrono's Spanish parser makes it tomorrow.
    const date = /^esta mañana$/iu.test(result.text)
      ? todayIn(context.timeZone, context.reference)
      : calendarDate(start.get('year')!, start.get('month')!, start.get('day')!);
    const time = hour === null || minute === null || hour > 23 || minute > 59 ? null : `${pad(hour)}:${pad(minute)}`;
    resolved.push({
      text: message.slice(result.index, end).trim(),
      index: result.index,
      date,
      time,
      instant: time === null ? null : zonedInstant(date, time, context.timeZone).toISOString(),
    });
    // "from tomorrow until next Saturday": both ends are dates the reply may need.
    if (result.end) {
      const last = result.end;
      const endTime = last.isCertain('hour') ? `${pad(last.get('hour')!)}:${pad(last.get('minute') ?? 0)}` : null;
      const endDate = calendarDate(last.get('year')!, last.get('month')!, last.get('day')!);
      resolved.push({ text: result.text.trim(), index: result.index, date: endDate, time: endTime, instant: endTime === null ? null : zonedInstant(endDate, endTime, context.timeZone).toISOString() });
    }
  }
  return resolved.sort((a, b) => a.index - b.index);
}

/** "the 1st of next month": chrono reads only "next month" (today's day number, a month on). English only. */
const DAY_OF_NEXT_MONTH = /\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\s+of\s+next\s+month\b/giu;

/** Each mention, with a null date when the month has no such day (the 31st of April names no date, nor "next month"). */
function dayOfNextMonth(message: string, context: DateContext): (Omit<ResolvedDate, 'date'> & { date: CalendarDate | null })[] {
  if (baseLanguage(context.language ?? 'en') !== 'en') return [];
  const firstOfNextMonth = addMonths(`${todayIn(context.timeZone, context.reference).slice(0, 8)}01`, 1);
  return [...message.matchAll(DAY_OF_NEXT_MONTH)].map((found) => {
    const day = Number(found[1]);
    const date = addDays(firstOfNextMonth, day - 1);
    const exists = day >= 1 && date.slice(0, 7) === firstOfNextMonth.slice(0, 7);
    return { text: found[0], index: found.index, date: exists ? date : null, time: null, instant: null };
  });
}

/** The location's calendar date at an instant. */
export function todayIn(timeZone: string, at: Date): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string): string => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [y, m, d] = splitDate(date);
  return isoDate(new Date(Date.UTC(y, m - 1, d + days)));
}

/** Months added on the calendar, kept on the month's last day when the day does not exist (Mar 31 − 1 month = Feb 28). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [y, m, d] = splitDate(date);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return isoDate(new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const [fy, fm, fd] = splitDate(from);
  const [ty, tm, td] = splitDate(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
}

export type NoticePeriod = { days: number } | { months: number };

/**
 * The last day a notice can be given for a lease ending on `leaseEnd`: the notice period counted back from the end
 * ("60 days' notice" of a lease ending 2027-03-31 → 2027-01-30; "2 months" → 2027-01-31).
 */
export function noticeDeadline(leaseEnd: CalendarDate, notice: NoticePeriod): CalendarDate {
  return 'days' in notice ? addDays(leaseEnd, -notice.days) : addMonths(leaseEnd, -notice.months);
}

/** A calendar date as the tenant reads it: `2027-01-30` → "January 30, 2027" / "30 de enero de 2027". */
export function formatDate(date: CalendarDate, language: string): string {
  const [y, m, d] = splitDate(date);
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The UTC offset of a time zone at an instant, in minutes east of UTC (chrono's `timezone`). */
export function offsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string): number => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a wall-clock date and time of a time zone names (the zone's offset on that day, DST included). */
export function zonedInstant(date: CalendarDate, time: string, timeZone: string): Date {
  const [y, m, d] = splitDate(date);
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = new Date(wall - offsetMinutes(timeZone, new Date(wall)) * 60_000);
  guess = new Date(wall - offsetMinutes(timeZone, guess) * 60_000);
  return guess;
}

function splitDate(date: CalendarDate): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function calendarDate(year: number, month: number, day: number): CalendarDate {
  return `${year}-${pad(month)}-${pad(day)}`;
}

function isoDate(date: Date): CalendarDate {
  return date.toISOString().slice(0, 10);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
