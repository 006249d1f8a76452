import type { RetrievedItem } from '../retrieval/knowledge-index.js';
import { emergencyContacts, safetyLead, safetySteps } from './safety-reply.js';

const item = (kind: 'question' | 'rule', sourceId: string, title: string, body: string): RetrievedItem => ({ kind, sourceId, title, body, score: 0.6, semantic: 0.5, lexical: 0.1 });
const gasRule = item('rule', 'r-gas', 'A tenant smells gas', 'Tell the tenant to leave and call 911 and Prairie Gas at (515) 555-0171 from outside. Mark the draft URGENT.');
const waterRule = item('rule', 'r-water', 'A tenant reports a leak', 'Tell the tenant to call Ace Plumbing at (515) 555-0172.');
const line = item('question', 'q-line', 'What is the emergency number?', 'Send non-emergency repairs to (515) 555-0100. For emergencies after hours call (515) 555-0199.');

describe('safety steps', () => {
  it('leads with the life-safety step, in the tenant\'s language, and always names 911', () => {
    expect(safetySteps(['gas'], 'en')).toMatch(/^Leave the building now/);
    expect(safetySteps(['flood'], 'es')).toContain('911');
    expect(safetySteps(['flood', 'electrical'], 'fr')).toMatch(/^Éloignez-vous de la prise/);
    expect(safetySteps(['declared'], 'de')).toBe('Wenn jemand in Gefahr ist, rufen Sie jetzt 911 an.');
    expect(safetySteps(['gas'], 'ja')).toMatch(/^Leave the building/);
  });
});

describe('emergencyContacts', () => {
  it('takes the numbers the rules for this hazard name, with their names, then the emergency line\'s own sentence', () => {
    const contacts = emergencyContacts(['gas'], [gasRule, waterRule, line]);
    expect(contacts.map(({ name, phone, item: from }) => [name, phone, from.sourceId])).toEqual([
      ['Prairie Gas', '(515) 555-0171', 'r-gas'],
      [undefined, '(515) 555-0199', 'q-line'],
    ]);
  });

  it('takes the line from the number beside "emergency", and nothing from a rule about another hazard', () => {
    const gasAndLine = item('rule', 'r-gas-2', 'A tenant smells gas', 'Tell the tenant to call 911 and CenterPoint Energy at (612) 555-0196 from outside, then the emergency line (612) 555-0193.');
    const fireRule = item('rule', 'r-fire', 'A tenant reports smoke or fire', 'Tell the tenant to get out, call 911, then tell us. Mark the draft URGENT.');
    const lineAfter = item('question', 'q-line-2', 'Is there an after-hours number?', 'The office is (612) 555-0190; call (612) 555-0193 for emergencies.');
    expect(emergencyContacts(['fire'], [fireRule, gasAndLine, lineAfter]).map((contact) => [contact.kind, contact.phone])).toEqual([['line', '(612) 555-0193']]);
    expect(emergencyContacts(['gas'], [gasAndLine]).map((contact) => [contact.kind, contact.name, contact.phone])).toEqual([
      ['named', 'CenterPoint Energy', '(612) 555-0196'],
      ['line', undefined, '(612) 555-0193'],
    ]);
  });

  it('reads no rule for a bare "emergency", only the line', () => {
    expect(emergencyContacts(['declared'], [gasRule, line]).map((contact) => contact.phone)).toEqual(['(515) 555-0199']);
  });

  it('writes the lead with the contacts in the tenant\'s language', () => {
    const lead = safetyLead(['gas'], emergencyContacts(['gas'], [gasRule, line]), 'es');
    expect(lead).toBe('Salga del edificio ahora sin usar interruptores, teléfonos ni llamas adentro, y llame al 911 desde afuera. Después llame a Prairie Gas: (515) 555-0171. Después llame a nuestra línea de emergencias: (515) 555-0199.');
  });
});
