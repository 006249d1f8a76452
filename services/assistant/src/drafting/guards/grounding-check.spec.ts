import { findUnsupportedClaims, groundReply, maskValues, translationProblems, unmaskValues } from './grounding-check.js';

const trash = 'Trash day: bins go out by 7:00 AM on Tuesdays, behind Building A. Bulk pickup costs $45; call (619) 555-0142 or write to office@harborview.example.com.';
const leak = 'A tenant reports a water leak: we will send a plumber within 24 hours. After hours call the emergency line 619-555-0199.';

const unsupported = (reply: string, sources: string[] = [trash], extra: { known?: string[]; language?: string } = {}) =>
  findUnsupportedClaims({ reply, sources, ...extra }).map(({ kind, text }) => `${kind}:${text}`);

describe('findUnsupportedClaims: grounded replies pass', () => {
  it.each([
    ['Hi! Bins go out by 7 am on Tuesday, behind Building A.'],
    ['Please put the bins out by 7:00 a.m. every Tuesday.'],
    ['Bulk pickup is $45.00. You can call 619.555.0142 to book it.'],
    ['Bulk pickup costs 45 dollars; write to Office@HarborView.example.com.'],
    ['Trash goes out Tuesdays by 7.'],
    // Spanish reply, English knowledge: weekdays compare by meaning, numbers and times by value.
    ['Los contenedores se sacan los martes antes de las 7:00 am, detrás del edificio A.'],
    ['Bins go out by 7 am on Tuesdays. Thanks, Your Management Team'],
  ])('%s', (reply) => {
    expect(unsupported(reply)).toEqual([]);
  });

  it('"May 1" is a month and a day, no name, grounded by a Spanish source\'s "1 de mayo"; its day is still checked', () => {
    expect(findUnsupportedClaims({ reply: 'The lease starts May 1, 2026.', sources: ['El plazo inicia el 1 de mayo de 2026.'] })).toEqual([]);
    expect(findUnsupportedClaims({ reply: 'The lease starts May 3, 2026.', sources: ['El plazo inicia el 1 de mayo de 2026.'] }).map((claim) => claim.text)).toEqual(['3']);
  });

  it('paying by credit card promises no credit, in any language', () => {
    const methods = 'Pay through the tenant portal by ACH bank transfer (no fee) or by card (2.9% fee).';
    expect(unsupported('Yes, you can pay rent with a credit card (2.9% fee).', [methods])).toEqual([]);
    expect(unsupported('Sí, puede pagar con tarjeta de crédito (2,9 %).', [methods], { language: 'es' })).toEqual([]);
    expect(unsupported('We will credit your account.', [methods])).toEqual(['promise:we wil', 'promise:credit']);
  });

  it('"dos" is two in Spanish, a word in Portuguese ("porta dos fundos") and French', () => {
    const breakIn = 'Call 911, then the 24-hour emergency line at (208) 555-0135.';
    expect(unsupported('Ligue para o 911 e tranque a porta dos fundos.', [breakIn], { language: 'pt' })).toEqual([]);
    expect(unsupported('Llame al 911 desde dos teléfonos.', [breakIn], { language: 'es' })).toEqual(['number:dos']);
  });

  it('a promise the cited rule itself makes is grounded, in another language too', () => {
    expect(unsupported('We will send a plumber within 24 hours.', [leak])).toEqual([]);
    expect(unsupported('Vamos a enviar un plomero dentro de 24 horas.', [leak], { language: 'es' })).toEqual([]);
    expect(unsupported('Wir werden innerhalb von vierundzwanzig Stunden einen Klempner schicken.', [leak], { language: 'de' })).toEqual([]);
  });

  it('a level or unit spelled with digits ("P1", "B2") is grounded by the source that spells it so, and only by it', () => {
    const trash = 'Cardboard goes to the recycling room on level P1, never down the chute.';
    expect(unsupported(trash, [trash])).toEqual([]);
    expect(unsupported('Cardboard goes to the recycling room on level Q1.', [trash])).toEqual(['name:Q']);
  });

  it("facts the system vouches for (a computed deadline, the tenant's name) count as sources", () => {
    const notice = 'Notice must be given 60 days before the lease ends.';
    expect(unsupported('Hi Maria, your notice is due by January 30, 2027.', [notice], { known: ['Maria Lopez', 'January 30, 2027'] })).toEqual([]);
    expect(unsupported('Hi Maria, your notice is due by January 30, 2027.', [notice])).toEqual(['number:30', 'number:2027', 'date:january', 'name:Maria']);
  });
});

describe('findUnsupportedClaims: every kind of invented fact is caught', () => {
  it.each([
    ['Bins go out by 8 am on Tuesday.', ['time:8 am']],
    ['Bins go out by 7 am on Wednesday.', ['date:wednesday']],
    ['Bulk pickup costs $55.', ['price:$55']],
    ['Bulk pickup costs 45 euros, or 60 for two items.', ['number:60', 'number:two']],
    ['Call (619) 555-0143 to book.', ['phone:(619) 555-0143']],
    ['Write to manager@harborview.example.com.', ['email:manager@harborview.example.com']],
    ['Book it at https://harborview.example.com/bulk.', ['url:https://harborview.example.com/bulk']],
    ['Bins go behind Building A; ask Carlos at the front desk.', ['name:Carlos']],
    ['Our handyman, Mr. Jensen, can help.', ['name:Jensen']],
    ['We will pick it up tomorrow.', ['promise:we wil', 'promise:tomorow']],
    ["I'll make sure it is collected right away.", ['promise:i l', 'promise:right away']],
    ['We can waive the $45 fee this time.', ['promise:waive']],
    ['Pickup is on 12/5.', ['date:12/5']],
    ['Bins out by 19:00 on Tuesdays.', ['time:19:00']],
    ['Los contenedores se sacan mañana.', ['promise:manana']],
  ])('%s', (reply, expected) => {
    expect(unsupported(reply)).toEqual(expected);
  });

  it('German nouns are not names; a name after a title is', () => {
    expect(unsupported('Die Mülltonnen stehen dienstags ab 7 Uhr hinter Building A.', [trash], { language: 'de' })).toEqual([]);
    expect(unsupported('Bitte wenden Sie sich an Herrn Weber.', [trash], { language: 'de' })).toEqual([]);
    expect(unsupported('Bitte wenden Sie sich an Herr Weber.', [trash], { language: 'de' })).toEqual(['name:Weber']);
  });
});

describe('groundReply', () => {
  const quietRule = 'Tell the tenant quiet hours are 10 pm to 7 am and escalate repeated complaints.';
  const ground = (reply: string, answers: string[], rules: string[] = []) => groundReply({ reply, citedAnswers: [...answers, ...rules], sendable: answers });

  it("sends the model's reply when it is grounded", () => {
    expect(ground('Bins go out by 7 am on Tuesdays.', [trash])).toEqual({ outcome: 'model-reply', reply: 'Bins go out by 7 am on Tuesdays.', unsupported: [] });
  });

  it('falls back to the first cited answer itself when anything is unsupported; every cited item grounds', () => {
    // "we will" is grounded by the second cited item (the leak rule's promise); "6 am" by none.
    const grounded = groundReply({ reply: 'Bins go out by 6 am on Tuesdays; we will remind you.', citedAnswers: [trash, leak] });
    expect(grounded).toEqual({ outcome: 'cited-answer', reply: trash, unsupported: [{ kind: 'time', text: '6 am' }] });
  });

  it("a rule grounds the reply's facts but is never sent in its place: with only a rule cited there is no answer to send", () => {
    expect(ground('Quiet hours are 10 pm to 7 am.', [], [quietRule])).toMatchObject({ outcome: 'model-reply' });
    expect(ground('Quiet hours are 9 pm to 7 am.', [], [quietRule])).toEqual({ outcome: 'no-answer', reply: null, unsupported: [{ kind: 'time', text: '9 pm' }] });
  });

  it("a reply that repeats a rule's instruction instead of following it is not sent", () => {
    expect(ground(quietRule, [], [quietRule])).toEqual({
      outcome: 'no-answer',
      reply: null,
      unsupported: [
        { kind: 'instruction', text: 'tel the tenant' },
        { kind: 'instruction', text: 'escalate repeated' },
      ],
    });
    expect(ground('Treat it as urgent: call 911.', [trash], ['Treat it as urgent: tell the tenant to call 911.'])).toMatchObject({ outcome: 'cited-answer', reply: trash });
    // A Q&A answer may speak of the tenant: "The tenant mows the lawn" states a duty, it instructs nobody.
    expect(ground('The tenant mows the lawn.', ['The tenant mows the lawn and clears snow.'])).toMatchObject({ outcome: 'model-reply' });
  });
});

it("groundReply refuses a reply that repeats the tenant's message instead of answering it", () => {
  const message = 'Gasgeruch im Treppenhaus\nIm Treppenhaus riecht es seit einer Stunde stark nach Gas. Was sollen wir tun?';
  const reply = 'Gasgeruch im Treppenhaus. Im Treppenhaus riecht es seit einer Stunde stark nach Gas. Was sollen wir tun?';
  expect(groundReply({ reply, citedAnswers: [trash], sendable: [], message, language: 'de' })).toEqual({
    outcome: 'no-answer',
    reply: null,
    unsupported: [
      { kind: 'echo', text: 'Im Treppenhaus riecht es seit einer Stunde stark nach Gas.' },
      { kind: 'echo', text: 'Was sollen wir tun?' },
    ],
  });
  // Words of the message in an answer are no echo: "Bins go out" answers "when do bins go out?".
  expect(groundReply({ reply: 'Bins go out by 7 am on Tuesdays.', citedAnswers: [trash], message: 'when do bins go out?' })).toMatchObject({ outcome: 'model-reply' });
});

describe('translationProblems', () => {
  const repairs = 'Send repair requests by text to (208) 555-0134. We reply within 1 business day; the fee is $45.';

  it('accepts a translation that keeps every value of the answer and adds none', () => {
    expect(translationProblems({ translation: 'Envíe las solicitudes de reparación por mensaje al (208) 555-0134. Respondemos dentro de 1 día hábil; la tarifa es de $45.', original: repairs, language: 'es' })).toEqual([]);
  });

  it('refuses a translation that changes or loses a value', () => {
    expect(translationProblems({ translation: 'Envíe las solicitudes al (208) 555-0143. Respondemos dentro de 1 día hábil; la tarifa es de $45.', original: repairs, language: 'es' })).toEqual([
      { kind: 'phone', text: '(208) 555-0143' },
      { kind: 'phone', text: '(208) 555-0134' },
    ]);
    expect(translationProblems({ translation: 'Envíe las solicitudes por mensaje. Respondemos dentro de 1 día hábil; la tarifa es de $45.', original: repairs, language: 'es' })).toEqual([{ kind: 'phone', text: '(208) 555-0134' }]);
  });

  it('reads the word after a time that ends its sentence ("10 PM.") as opening the next sentence, not as a name', () => {
    const original = 'The pool is open from 9 AM to 10 PM. There is no lifeguard.';
    expect(translationProblems({ translation: 'Hồ bơi mở cửa từ 9 AM đến 10 PM. Không có người cứu hộ.', original, language: 'vi' })).toEqual([]);
    // A name that does not open its sentence is still checked.
    expect(translationProblems({ translation: 'Hồ bơi mở cửa từ 9 AM đến 10 PM. Không có người cứu hộ, hỏi Kevin.', original, language: 'vi' })).toEqual([{ kind: 'name', text: 'Kevin' }]);
  });
});

describe('findUnsupportedClaims: phone numbers, ZIP codes and numbers compare by value, in the reply and in the sources', () => {
  const payment = 'Checks payable to Whitfield Property Care can be mailed to PO Box 4410, Boise, ID 83701.';
  const fire = 'Treat it as urgent. Tell the tenant to get everyone out and call 911, then notify Dana Whitfield on the 24-hour emergency line at (208) 555-0135.';
  // What the drafter vouches for beside the sources: the location's name and a computed date, both starting with digits.
  const known = ['88 Juniper Court', '2025-06-05 5 de junio de 2025'];

  it.each([
    ['en', payment],
    ['zh', payment],
    ['en', fire],
    ['es', fire],
  ])('a cited answer sent word for word is grounded by its own source (%s)', (language, source) => {
    expect(unsupported(source, [source], { known, language })).toEqual([]);
  });

  it.each([
    ['Call (208) 555-0135.'],
    ['Call 208-555-0135 at any hour.'],
    ['Call 208.555.0135.'],
    ['Call (208)555-0135.'],
    ['Call +1 208 555 0135.'],
    ['Call 1-208-555-0135.'],
    ['Call 2085550135.'],
    ['Call 555-0135.'],
    ['Call (208) 555-0135. 24 hours a day, 911 first.'],
    ['Mail checks to PO Box 4410, Boise, ID 83701.'],
  ])('%s', (reply) => {
    expect(unsupported(reply, [fire, payment], { known })).toEqual([]);
  });

  it.each([
    ['Call (208) 555-0136.', ['phone:(208) 555-0136']],
    ['Call (206) 555-0135.', ['phone:(206) 555-0135']],
    ['Mail checks to PO Box 4410, Boise, ID 83702.', ['number:83702']],
    ['Mail checks to PO Box 4411, Boise, ID 83701.', ['number:4411']],
  ])('%s', (reply, expected) => {
    expect(unsupported(reply, [fire, payment], { known })).toEqual(expected);
  });

  it('an area code the source does not give is not grounded by the local number', () => {
    expect(unsupported('Call (614) 555-0135.', ['Call the desk at 555-0135.'])).toEqual(['phone:(614) 555-0135']);
  });
});

describe('values carried through a translation as placeholders', () => {
  const answer = 'Call the on-call line at (614) 555-0143. From 9 AM to 6 PM the lockout is free; after 6 PM a $60 fee applies. Questions: desk@example.com.';

  it('masks phone numbers, times, prices and e-mail addresses, in order, and puts them back', () => {
    const { masked, values } = maskValues(answer);
    expect(masked).toBe('Call the on-call line at {1}. From {2} to {3} the lockout is free; after {4} a {5} fee applies. Questions: {6}.');
    expect(values).toEqual(['(614) 555-0143', '9 AM', '6 PM', '6 PM', '$60', 'desk@example.com']);
    const translated = 'Llame a la línea de guardia al {1}. De {2} a {3} la apertura es gratuita; después de las {4} se cobra {5}. Preguntas: {6}.';
    expect(unmaskValues(translated, values)).toBe('Llame a la línea de guardia al (614) 555-0143. De 9 AM a 6 PM la apertura es gratuita; después de las 6 PM se cobra $60. Preguntas: desk@example.com.');
  });

  it('refuses a translation that lost, repeated or invented a placeholder', () => {
    const { values } = maskValues('Rent is $950, due by 5 PM.');
    expect(unmaskValues('El alquiler es {1}.', values)).toBeNull();
    expect(unmaskValues('El alquiler es {1}, {1}, antes de las {2}.', values)).toBeNull();
    expect(unmaskValues('El alquiler es {1}, antes de las {2} o {3}.', values)).toBeNull();
    expect(unmaskValues('El alquiler es { 1}, antes de las {2 }.', values)).toBe('El alquiler es $950, antes de las 5 PM.');
  });

  it('leaves a text without values as it is', () => {
    expect(maskValues('Pets are welcome.')).toEqual({ masked: 'Pets are welcome.', values: [] });
    expect(unmaskValues('Se admiten mascotas.', [])).toBe('Se admiten mascotas.');
  });
});

describe('translations checked with the ordinals and the "free" of five languages', () => {
  it.each([
    ['es', 'La renta vence el 1ero. El período de gracia llega hasta el 3ro; desde el 4to se cobra un recargo.'],
    ['fr', 'Le loyer est dû le 1er. La période de grâce va jusqu\'au 3e ; à partir du 4e, des frais de retard s\'appliquent.'],
    ['pt', 'O aluguel vence no dia 1º. A carência vai até o dia 3; a partir do dia 4 há multa.'],
  ])('%s keeps the days of "the 1st … the 3rd … the 4th"', (language, translation) => {
    expect(translationProblems({ translation, original: 'Rent is due on the 1st. The grace period runs through the 3rd; from the 4th a late fee is charged.', language })).toEqual([]);
  });

  it('a "free" of the answer grounds the translation\'s "gratuito", and a "gratuito" the answer does not give is refused', () => {
    expect(translationProblems({ translation: 'La apertura es gratuita de 9 a 18.', original: 'The lockout is free from 9 to 18.', language: 'es' })).toEqual([]);
    expect(translationProblems({ translation: 'La apertura es gratuita.', original: 'A lockout costs $60.', language: 'es' }).map((claim) => claim.kind)).toContain('promise');
  });

  it('"feel free to ask" offers nothing', () => {
    expect(findUnsupportedClaims({ reply: 'Feel free to ask the office.', sources: ['Ask the office.'], language: 'en' })).toEqual([]);
  });
});
