import zipcodes from 'zipcodes';
import { parseUsAddress } from './parse-us-address.js';

const stateNames = new Map(Object.entries(zipcodes.states.abbr).map(([code, name]) => [name.toUpperCase(), code.toUpperCase()]));
const parse = (text: string) => parseUsAddress(text, stateNames);

describe('parseUsAddress', () => {
  it('ends the street at its suffix, in either spelling, and keeps a direction and a unit with it', () => {
    expect(parse('1600 Amphitheatre Pkwy Mountain View')).toMatchObject({ street: '1600 Amphitheatre Pkwy', city: 'Mountain View', cityIsPrefix: true });
    expect(parse('1600 Amphitheatre Parkway Mountain View CA')).toMatchObject({ street: '1600 Amphitheatre Parkway', city: 'Mountain View', state: 'CA' });
    expect(parse('1600 Pennsylvania Ave NW Washington DC 20500')).toMatchObject({ street: '1600 Pennsylvania Ave NW', city: 'Washington', state: 'DC', zip: '20500' });
    expect(parse('500 Main St. Apt 4B Austin')).toMatchObject({ street: '500 Main St. Apt 4B', city: 'Austin' });
    expect(parse('9 Elm Street # 3 Springfield')).toMatchObject({ street: '9 Elm Street # 3', city: 'Springfield' });
  });

  it('takes a ZIP wherever it follows the street', () => {
    expect(parse('1600 Amphitheatre Pkwy, 94043 Mountain View')).toMatchObject({ street: '1600 Amphitheatre Pkwy', zip: '94043', city: 'Mountain View', cityIsPrefix: false });
    expect(parse('1600 Amphitheatre Pkwy 94043-1351')).toMatchObject({ street: '1600 Amphitheatre Pkwy', zip: '94043', city: null });
  });

  it('reads a lone two-letter state after the street as the state, a lone word as a city being typed', () => {
    expect(parse('1600 Amphitheatre Pkwy, CA')).toMatchObject({ state: 'CA', city: null });
    expect(parse('1600 Amphitheatre Pkwy, Ca')).toMatchObject({ state: 'CA', city: null });
    expect(parse('1600 Amphitheatre Pkwy, Mount')).toMatchObject({ state: null, city: 'Mount', cityIsPrefix: true });
  });

  it('leaves a street without a suffix whole, for the city to be found against the data', () => {
    expect(parse('1600 Amphitheatre')).toMatchObject({ street: '1600 Amphitheatre', city: null, state: null, zip: null });
    expect(parse('12 Elm Springfield IL')).toMatchObject({ street: '12 Elm Springfield', city: null, state: 'IL' });
  });

  it('does not take a street name for a suffix right after the number ("12 Court St")', () => {
    expect(parse('12 Court St Boston')).toMatchObject({ street: '12 Court St', city: 'Boston' });
  });

  it('needs a house number first', () => {
    expect(parse('Amphitheatre Pkwy, Mountain View')).toMatchObject({ street: null });
  });
});
