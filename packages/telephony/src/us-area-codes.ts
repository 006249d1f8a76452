/**
 * Each US state's (and DC's) main area code: the one of its largest city, offered when a location asks for a number
 * without naming an area code.
 */
const states: readonly (readonly [code: string, name: string, areaCode: string])[] = [
  ['AL', 'Alabama', '205'], ['AK', 'Alaska', '907'], ['AZ', 'Arizona', '602'], ['AR', 'Arkansas', '501'],
  ['CA', 'California', '213'], ['CO', 'Colorado', '303'], ['CT', 'Connecticut', '203'], ['DE', 'Delaware', '302'],
  ['DC', 'District of Columbia', '202'], ['FL', 'Florida', '305'], ['GA', 'Georgia', '404'], ['HI', 'Hawaii', '808'],
  ['ID', 'Idaho', '208'], ['IL', 'Illinois', '312'], ['IN', 'Indiana', '317'], ['IA', 'Iowa', '515'],
  ['KS', 'Kansas', '316'], ['KY', 'Kentucky', '502'], ['LA', 'Louisiana', '504'], ['ME', 'Maine', '207'],
  ['MD', 'Maryland', '410'], ['MA', 'Massachusetts', '617'], ['MI', 'Michigan', '313'], ['MN', 'Minnesota', '612'],
  ['MS', 'Mississippi', '601'], ['MO', 'Missouri', '314'], ['MT', 'Montana', '406'], ['NE', 'Nebraska', '402'],
  ['NV', 'Nevada', '702'], ['NH', 'New Hampshire', '603'], ['NJ', 'New Jersey', '201'], ['NM', 'New Mexico', '505'],
  ['NY', 'New York', '212'], ['NC', 'North Carolina', '704'], ['ND', 'North Dakota', '701'], ['OH', 'Ohio', '216'],
  ['OK', 'Oklahoma', '405'], ['OR', 'Oregon', '503'], ['PA', 'Pennsylvania', '215'], ['RI', 'Rhode Island', '401'],
  ['SC', 'South Carolina', '803'], ['SD', 'South Dakota', '605'], ['TN', 'Tennessee', '615'], ['TX', 'Texas', '713'],
  ['UT', 'Utah', '801'], ['VT', 'Vermont', '802'], ['VA', 'Virginia', '804'], ['WA', 'Washington', '206'],
  ['WV', 'West Virginia', '304'], ['WI', 'Wisconsin', '414'], ['WY', 'Wyoming', '307'],
];

const byKey = new Map<string, { code: string; areaCode: string }>();
for (const [code, name, areaCode] of states) {
  byKey.set(code, { code, areaCode });
  byKey.set(name.toUpperCase(), { code, areaCode });
}

/** "IL", "il" or "Illinois" → "IL"; null for anything else. */
export function usStateCode(state: string | null | undefined): string | null {
  if (!state) return null;
  return byKey.get(state.trim().replace(/\s+/g, ' ').toUpperCase())?.code ?? null;
}

/** The main area code of a US state (code or name), or null when the state is unknown. */
export function areaCodeForState(state: string | null | undefined): string | null {
  if (!state) return null;
  return byKey.get(state.trim().replace(/\s+/g, ' ').toUpperCase())?.areaCode ?? null;
}

/** The state of an area code in the table (its main one), or null. */
export function stateOfAreaCode(areaCode: string): string | null {
  for (const [code, , main] of states) if (main === areaCode) return code;
  return null;
}
