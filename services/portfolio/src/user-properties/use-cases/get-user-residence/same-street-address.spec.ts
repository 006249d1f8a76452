import { sameStreetAddress } from './same-street-address.js';

describe('sameStreetAddress', () => {
  it.each([
    ['1450 Harbor View Drive, San Diego, CA 92101', '1450 Harbor View Dr', '92101', true],
    ['618 SE Cedar Street, Portland, OR 97214', '618 Southeast Cedar St.', '97214', true],
    ['4127 Sycamore Lane, Austin, TX 78745-1234', '4127 sycamore  lane', '78745', true],
    ['1450 Harbor View Drive, San Diego, CA 92101', '1460 Harbor View Drive', '92101', false],
    ['1450 Harbor View Drive, San Diego, CA 92101', '1450 Harbor View Drive', '92102', false],
    ['1450 Harbor View Drive Unit 5, San Diego, CA 92101', '1450 Harbor View Drive', '92101', false],
  ])('%s vs %s %s → %s', (address, street, zip, same) => {
    expect(sameStreetAddress(address, street, zip)).toBe(same);
  });
});
