import { intentByRules } from './intent-rules.js';

/** Messages written for this test, not taken from the evaluation set, so they say whether the rules generalise. */
describe('intentByRules', () => {
  it.each([
    ['Is it ok if I pay rent by money order this month?', 'payment_question'],
    ['how much is the late fee if i pay on the 8th', 'payment_question'],
    ['Can you send me a receipt for March?', 'payment_question'],
    ['I want to renew my lease for another year', 'lease_question'],
    ['Can my girlfriend sublet my room for July?', 'lease_question'],
    ['We are moving out on the 30th, when is the walk-through?', 'move_in_out'],
    ['How do I reserve the freight elevator for Saturday?', 'move_in_out'],
    ['The people upstairs stomp around at 2 am', 'neighbor_complaint'],
    ['someone is parked in my space again', 'neighbor_complaint'],
    ['the bathroom fan stopped working', 'maintenance_request'],
    ['There are roaches under the sink', 'maintenance_request'],
    ['When does the fitness room open on Sundays?', 'amenity_question'],
    ['Where do I pick up my packages?', 'amenity_question'],
    ['Can I hang a TV on the wall with nails?', 'policy_question'],
    ['Are cats allowed?', 'policy_question'],
    ['my sister is visiting for two weeks, is that ok?', 'policy_question'],
    ['which night is garbage night', 'policy_question'],
    ["I'm locked out!", 'general'],
    ["what's the internet provider here?", 'general'],
  ])('%s → %s', (text, intent) => {
    expect(intentByRules(text)).toBe(intent);
  });

  it.each(['hello?', 'Who should I talk to about this?', 'Thanks a lot!'])('leaves a message its words do not settle to the model: %s', (text) => {
    expect(intentByRules(text)).toBeNull();
  });
});
