import { displayPhone, formatPhoneInput, PHONE_PATTERN, phoneDigits } from './phone-format.js';

describe('tenant phone format (spec 001 section 5)', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['5551234567', '(555) 123-4567'],
    ['55512345678', '(555) 123-4567'],
    ['(555) 123-45a67', '(555) 123-4567'],
    ['+1 555 123 4567', '(555) 123-4567'],
  ])('formats %j while typing as %j', (typed, shown) => {
    expect(formatPhoneInput(typed)).toBe(shown);
  });

  it('only a complete number matches the required format', () => {
    expect(PHONE_PATTERN.test('(555) 123-4567')).toBe(true);
    expect(PHONE_PATTERN.test('(555) 123-456')).toBe(false);
    expect(PHONE_PATTERN.test('555-123-4567')).toBe(false);
  });

  it('sends the digits and shows stored digits formatted', () => {
    expect(phoneDigits('(555) 123-4567')).toBe('5551234567');
    expect(displayPhone('5551234567')).toBe('(555) 123-4567');
    expect(displayPhone('+44 20 7946 0000')).toBe('+44 20 7946 0000');
  });
});
