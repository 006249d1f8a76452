import { validateUnitName } from './unit.validation.js';

describe('unit name', () => {
  it.each([undefined, null, '', '   '])('is required (%j)', (name) => {
    expect(validateUnitName(name)).toEqual({ ok: false, message: 'Unit name is required' });
  });

  it('is trimmed', () => {
    expect(validateUnitName(' Unit 1A ')).toEqual({ ok: true, value: 'Unit 1A' });
  });
});
