import { endAtLastSentence, stoppedNote, withStoppedNote } from './sentence-cut.js';

/** An answer the token budget or a deadline ended keeps its complete sentences only: never a word cut in two. */
describe('endAtLastSentence', () => {
  it.each([
    ['Maple Court has 14 units. 11 of them are let. The vacant ones are 1B a', 'Maple Court has 14 units. 11 of them are let.'],
    ['Maple Court has 14 units. 11 of them are le', 'Maple Court has 14 units.'],
    ['Is it vacant? Yes! Unit 1B is vac', 'Is it vacant? Yes!'],
    ['He wrote "the lease ends in May." Then he ca', 'He wrote "the lease ends in May."'],
    ['It ends soon (in 30 days.) The next', 'It ends soon (in 30 days.)'],
    ['A whole answer.', 'A whole answer.'],
    ['A whole answer.  ', 'A whole answer.'],
  ])('keeps the complete sentences of %j', (text, kept) => {
    expect(endAtLastSentence(text)).toBe(kept);
  });

  it('keeps nothing of a text without a complete sentence', () => {
    expect(endAtLastSentence('')).toBe('');
    expect(endAtLastSentence('Maple Court has fourteen un')).toBe('');
    expect(endAtLastSentence('Maple Court has fourteen units')).toBe('');
  });

  it('never takes the full stop of a number for a sentence end: a decimal, an amount cut after its stop', () => {
    expect(endAtLastSentence('The rent is $1,250.50 a month. The deposit is $1,250.')).toBe('The rent is $1,250.50 a month.');
    expect(endAtLastSentence('The rate is 3.5 percent. It rises to 4.')).toBe('The rate is 3.5 percent.');
    // Inside the text a number may end a sentence: what follows shows it.
    expect(endAtLastSentence('The deposit is $1,250. It is due at signing. The')).toBe('The deposit is $1,250. It is due at signing.');
  });

  it('never ends a sentence at a title or an initial', () => {
    expect(endAtLastSentence('Call Dr. Lee at the office. Ask for Mr. J. Smith at No. 4 Elm St. at')).toBe('Call Dr. Lee at the office.');
    expect(endAtLastSentence('The contact is Dr.')).toBe('');
  });

  it('ends a sentence at "a.m." or "etc." only when the next one visibly starts', () => {
    expect(endAtLastSentence('Trash goes out by 7 a.m. Recycling goes out on Fridays. Bins')).toBe('Trash goes out by 7 a.m. Recycling goes out on Fridays.');
    expect(endAtLastSentence('Quiet hours start at 10 p.m. on weeknights and at 11 p.m.')).toBe('');
    expect(endAtLastSentence('Bring a lease, ID, etc. and come early. We')).toBe('Bring a lease, ID, etc. and come early.');
  });

  it('keeps whole lines of a list, and Chinese sentences, which need no space after their full stop', () => {
    expect(endAtLastSentence('Vacant units:\n- 1B in North\n- 2A in No')).toBe('Vacant units:\n- 1B in North');
    expect(endAtLastSentence('枫树苑有14个单元。其中11个已出租。空置的')).toBe('枫树苑有14个单元。其中11个已出租。');
  });
});

describe('the stopped note', () => {
  it('is short, fixed and in the asker\'s language (English when it has none of its own)', () => {
    expect(stoppedNote('en')).toBe('(Answer stopped early.)');
    expect(stoppedNote('es-MX')).toBe('(Respuesta interrumpida.)');
    expect(stoppedNote('ja')).toBe('(Answer stopped early.)');
    expect(withStoppedNote('Maple Court has 14 units.', 'de')).toBe('Maple Court has 14 units.\n(Antwort vorzeitig beendet.)');
  });
});
