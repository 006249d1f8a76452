import { addMonths, daysBetween, formatDate, noticeDeadline, offsetMinutes, resolveDates, todayIn, zonedInstant } from './date-resolver.js';

// Tuesday 2026-11-24, 12:00 in San Diego (20:00 UTC); it is already Wednesday in Tokyo.
const reference = new Date('2026-11-24T20:00:00Z');
const sanDiego = { reference, timeZone: 'America/Los_Angeles' };

describe('resolveDates', () => {
  it.each([
    ['can you come tomorrow at 10am?', 'en', { text: 'tomorrow at 10am', date: '2026-11-25', time: '10:00', instant: '2026-11-25T18:00:00.000Z' }],
    ['is the pool open next friday', 'en', { text: 'next friday', date: '2026-12-04', time: null, instant: null }],
    ['the plumber came on monday', 'en', { date: '2026-11-30', time: null }],
    ['I will pay in 2 weeks', 'en', { date: '2026-12-08', time: null }],
    ['moving out March 31', 'en', { date: '2027-03-31', time: null }],
    ['mañana a las 3 de la tarde', 'es', { text: 'mañana a las 3 de la tarde', date: '2026-11-25', time: '15:00', instant: '2026-11-25T23:00:00.000Z' }],
    ['el lunes por la mañana', 'es', { text: 'lunes', date: '2026-11-30' }],
    ['esta mañana se rompió la ventana', 'es', { text: 'esta mañana', date: '2026-11-24' }],
    ['nächsten Montag um 9 Uhr', 'de', { date: '2026-11-30', time: '09:00', instant: '2026-11-30T17:00:00.000Z' }],
    ['demain à 14h30', 'fr', { date: '2026-11-25', time: '14:30' }],
    ['amanhã às 10h', 'pt', { text: 'amanhã às 10h', date: '2026-11-25', time: '10:00', instant: '2026-11-25T18:00:00.000Z' }],
  ])('%s (%s)', (message, language, expected) => {
    expect(resolveDates(message, { ...sanDiego, language })).toEqual([expect.objectContaining(expected)]);
  });

  it("reads relative days in the location's time zone, not the server's", () => {
    expect(resolveDates('tomorrow', { reference, timeZone: 'America/Los_Angeles' })[0]?.date).toBe('2026-11-25');
    expect(resolveDates('tomorrow', { reference, timeZone: 'Asia/Tokyo' })[0]?.date).toBe('2026-11-26');
  });

  it('a time across a DST change gets the offset of its own day', () => {
    // 2027-03-14 is the US spring-forward: a reference in PST, a visit in PDT.
    const [visit] = resolveDates('March 20 at 9am', { reference: new Date('2027-03-01T20:00:00Z'), timeZone: 'America/Los_Angeles' });
    expect(visit).toMatchObject({ date: '2027-03-20', time: '09:00', instant: '2027-03-20T16:00:00.000Z' });
  });

  it('finds nothing in a message without dates, and does not read a bare number as a time', () => {
    expect(resolveDates('the sink in unit 4 is clogged', sanDiego)).toEqual([]);
    expect(resolveDates('mañana en el apartamento 12', { ...sanDiego, language: 'es' })).toEqual([expect.objectContaining({ date: '2026-11-25', time: null })]);
  });

  it('gives both ends of a range, and reads "the 1st of next month" whole', () => {
    // The reference is Tuesday 2026-11-24 in San Diego.
    expect(resolveDates('visiting from tomorrow until next Saturday', sanDiego).map((found) => found.date)).toEqual(['2026-11-25', '2026-12-05']);
    expect(resolveDates("I'm moving in on the 1st of next month, ok?", sanDiego)).toEqual([expect.objectContaining({ text: 'the 1st of next month', date: '2026-12-01', time: null })]);
    expect(resolveDates('on the 31st of next month', { ...sanDiego, reference: new Date('2027-01-15T20:00:00Z') })).toEqual([]);
  });

  it("falls back to English parsing for a language chrono does not know", () => {
    expect(resolveDates('tomorrow', { ...sanDiego, language: 'tl' })[0]?.date).toBe('2026-11-25');
  });
});

describe('deadlines computed in code', () => {
  it('notice deadline counted back from the lease end, in days or calendar months', () => {
    expect(noticeDeadline('2027-03-31', { days: 60 })).toBe('2027-01-30');
    expect(noticeDeadline('2027-03-31', { days: 30 })).toBe('2027-03-01');
    expect(noticeDeadline('2027-03-31', { months: 1 })).toBe('2027-02-28');
    expect(noticeDeadline('2028-03-31', { months: 1 })).toBe('2028-02-29');
    expect(noticeDeadline('2027-01-15', { months: 2 })).toBe('2026-11-15');
  });

  it('calendar arithmetic', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-24', '2027-01-30')).toBe(67);
    expect(daysBetween('2026-11-24', '2026-11-20')).toBe(-4);
    expect(todayIn('America/Los_Angeles', reference)).toBe('2026-11-24');
    expect(todayIn('Asia/Tokyo', reference)).toBe('2026-11-25');
  });

  it('zone offsets and wall-clock instants', () => {
    expect(offsetMinutes('America/Los_Angeles', reference)).toBe(-480);
    expect(offsetMinutes('Asia/Kolkata', reference)).toBe(330);
    expect(zonedInstant('2026-07-04', '09:00', 'America/New_York').toISOString()).toBe('2026-07-04T13:00:00.000Z');
  });

  it('formats a date in the tenant\'s language', () => {
    expect(formatDate('2027-01-30', 'en')).toBe('January 30, 2027');
    expect(formatDate('2027-01-30', 'es')).toBe('30 de enero de 2027');
    expect(formatDate('2027-01-30', 'de')).toBe('30. Januar 2027');
  });
});
