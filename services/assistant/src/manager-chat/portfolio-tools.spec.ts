import { propertyLocationFixture, unitFixture, type Unit } from '@pm/contracts';
import { leaseFacts, money, portfolioFacts, unitFacts } from './portfolio-facts.js';
import { portfolioTools, toolsFor } from './portfolio-tools.js';

const names = (question: string) => toolsFor(question).map((tool) => tool.name);
const location = { ...propertyLocationFixture, name: 'Maple Court' };
const unit = (name: string, tenants: number): Unit => ({ ...unitFixture, id: name, name, building_name: 'North', tenants_count: tenants });

describe('picking the tools for a question', () => {
  it('asks the tools whose words the question uses, and the knowledge base always', () => {
    expect(names('How many units are vacant?')).toEqual(['units', 'knowledge']);
    expect(names('Which leases end soon?')).toEqual(['tenants', 'leases', 'knowledge']);
    expect(names('Who is the emergency contact for a leak?')).toEqual(['tenants', 'partners', 'contacts', 'knowledge']);
  });

  it('asks every tool when the question names none of them', () => {
    expect(names('Tell me about Harbor View')).toEqual(portfolioTools.map((tool) => tool.name));
  });

  it('reads the earlier questions too, for a follow-up', () => {
    expect(toolsFor('and the second one?', ['How many buildings do I have?']).map((tool) => tool.name)).toEqual(['buildings', 'knowledge']);
  });
});

describe('facts written by code', () => {
  it('counts units, let and vacant, and names the vacant ones', () => {
    expect(unitFacts(location, [unit('1A', 1), unit('1B', 0), unit('2A', 2)])[0]!.text).toBe(
      'Maple Court has 3 units, 2 of them let (with an active tenant) and 1 vacant. The vacant unit is 1B in North.',
    );
  });

  it('counts the days left on each lease from today', () => {
    const [fact] = leaseFacts(location, [{ tenantId: 't', tenantName: 'Jordan Lee', unitName: '1A', buildingName: 'North', buildingId: 'b', expiryDate: '2026-12-31' }], 90, '2026-11-24');
    expect(fact!.text).toBe('1 lease at Maple Court ends in the next 90 days: Jordan Lee (1A, North) on December 31, 2026, in 37 days.');
  });

  it('names every location in the overview, in both words a manager uses', () => {
    expect(portfolioFacts([location])[0]!.text).toBe(`You have 1 property (property location): Maple Court (${location.address_text}).`);
    expect(portfolioFacts([])[0]!.text).toBe('You have no properties (property locations) yet.');
  });

  it('writes money in dollars from cents', () => {
    expect(money(150_000)).toBe('$1,500.00');
  });
});
