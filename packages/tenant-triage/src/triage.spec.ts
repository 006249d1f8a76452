import { triageMessage } from './triage.js';

describe('triageMessage', () => {
  it('marks a leak urgent, as an emergency that opens a ticket, with the words that fired', () => {
    const triage = triageMessage('my kitchen sink is leaking, water everywhere');
    expect(triage).toMatchObject({ urgent: true, intent: 'emergency', opensTicket: true });
    expect(triage.urgency.map((match) => match.category)).toContain('flood');
  });

  it('opens a ticket for a repair that is not urgent', () => {
    expect(triageMessage('the bathroom fan stopped working')).toEqual({ urgent: false, urgency: [], intent: 'maintenance_request', opensTicket: true });
  });

  it('opens none for a question', () => {
    expect(triageMessage('When does the fitness room open on Sundays?')).toEqual({ urgent: false, urgency: [], intent: 'amenity_question', opensTicket: false });
  });

  it('leaves what the words do not settle to the draft', () => {
    expect(triageMessage('hello?')).toEqual({ urgent: false, urgency: [], intent: null, opensTicket: false });
  });

  it('reads urgency in other languages', () => {
    expect(triageMessage('Huele a gas en la cocina')).toMatchObject({ urgent: true, intent: 'emergency', opensTicket: true });
  });
});
