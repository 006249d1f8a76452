import { analyseQuestion, judgeItem } from './question-analysis.js';

/** Messages and items written for this test, apart from the evaluation set. */
const item = (title: string, body: string): { title: string; body: string } => ({ title, body });

describe('analyseQuestion', () => {
  it.each([
    ['When does the gym open on Sundays?', 'when', ['fitnes']],
    ['how much is the pet deposit for a puppy', 'cost', ['pet', 'deposit']],
    ['Can I hang shelves on the living room wall?', 'permission', ['paint']],
    ['where do amazon boxes get dropped off', 'where', ['package']],
    ['did you guys fix the dryer yet?', 'status', ['laundry', 'repair']],
    ['Could you waive the late fee this month?', 'request', ['rent']],
    ['the package room was closed, when can I pick it up?', 'when', ['package']],
  ])('%s → %s about %j', (text, type, subjects) => {
    const question = analyseQuestion(text);
    expect(question.type).toBe(type);
    expect(question.strong).toEqual(expect.arrayContaining(subjects));
  });

  it('reads words of place and people as context, not subject, when something else is named', () => {
    expect(analyseQuestion('Can I put a satellite dish on my balcony?').strong).not.toContain('balcony');
    expect(analyseQuestion('what about the balcony?').strong).toEqual(['balcony']);
  });
});

describe('judgeItem', () => {
  const quiet = item('What are the quiet hours?', 'Quiet hours are 10 PM to 7 AM every night.');
  const gym = item('When is the fitness room open?', 'The fitness room opens at 5 AM and closes at 11 PM.');
  const grills = item('Can I grill on my balcony?', 'Charcoal grills are not allowed on balconies; electric grills are.');

  it('answers only an item about the subject', () => {
    const question = analyseQuestion('gym hours on the weekend?');
    expect(judgeItem(question, quiet)).toMatchObject({ answers: false, reason: 'other-subject' });
    expect(judgeItem(question, gym)).toMatchObject({ answers: true, sure: true });
  });

  it('does not take a shared word of place for the subject', () => {
    expect(judgeItem(analyseQuestion('Can I put a satellite dish on my balcony?'), grills)).toMatchObject({ answers: false });
  });

  it('wants a fact of the kind asked: a time for "when", an amount for "how much"', () => {
    const noTime = item('Is there a gym?', 'Yes, the fitness room is on the second floor next to the lounge.');
    expect(judgeItem(analyseQuestion('when does the gym close'), noTime)).toMatchObject({ answers: false, reason: 'no-fact-of-that-type' });
    expect(judgeItem(analyseQuestion('how much does the gym cost'), noTime)).toMatchObject({ answers: false, reason: 'no-fact-of-that-type' });
  });

  it('is unsure, for the model to judge, when the item names only part of the message or the message asks for something', () => {
    const parking = item('Can I rent a parking space?', 'Spaces in the garage rent for $95 a month.');
    expect(judgeItem(analyseQuestion('do you have chargers for electric cars?'), parking)).toMatchObject({ answers: true, sure: false });
    expect(judgeItem(analyseQuestion('Could you waive the late fee this month?'), item('Late fees', 'Rent paid after the 5th has a $50 late fee. Late fees are not waived.'))).toMatchObject({ answers: true, sure: false });
  });

  it('answers a request for money off with the item stating the charge, to be passed on to the manager', () => {
    expect(judgeItem(analyseQuestion('Could you waive the late fee this month?'), item('Late fees', 'Rent paid after the 5th has a $50 late fee.'))).toMatchObject({ answers: true, sure: false, passOn: true });
    expect(judgeItem(analyseQuestion('Could you waive the late fee this month?'), item('Late fees', 'Rent paid after the 5th is late.'))).toMatchObject({ answers: false });
    expect(judgeItem(analyseQuestion('Could you waive the late fee this month?'), item('Late fees', 'Late fees are waived once a year on request.'))).not.toHaveProperty('passOn');
  });

  it('answers a request only with an item that speaks of what it asks for', () => {
    const repairs = item('How do I ask for a repair?', 'Submit repair requests in the portal; we reply within 1 business day.');
    expect(judgeItem(analyseQuestion('The dishwasher is broken. Can you take $100 off this month\'s rent?'), repairs)).toMatchObject({ answers: false });
    expect(judgeItem(analyseQuestion('the dishwasher is broken, can you send someone to fix it?'), repairs)).toMatchObject({ answers: true, sure: false });
  });

  it('never answers a question about a case under way', () => {
    const repairs = item('How do I request a repair?', 'Submit repairs in the portal; we reply within 1 business day.');
    expect(judgeItem(analyseQuestion('any update on my dishwasher repair? been 5 days'), repairs)).toMatchObject({ answers: false });
  });
});
