import { PhoneNumberUnavailableError } from './phone-number-provider.js';
import { isSandboxNumber, SandboxPhoneNumberProvider, sandboxNumbers } from './sandbox-phone-number-provider.js';
import { areaCodeForState, usStateCode } from './us-area-codes.js';

function providerWith(taken: Set<string>) {
  return new SandboxPhoneNumberProvider(async (numbers) => new Set(numbers.filter((n) => taken.has(n))));
}

describe('sandbox numbering', () => {
  it('offers the 100 fictional numbers NXX-555-0100..0199 of an area code, and none for a malformed one', () => {
    const numbers = sandboxNumbers('415');
    expect(numbers).toHaveLength(100);
    expect(numbers[0]).toBe('+14155550100');
    expect(numbers.at(-1)).toBe('+14155550199');
    expect(numbers.every(isSandboxNumber)).toBe(true);
    expect(sandboxNumbers('015')).toEqual([]);
    expect(sandboxNumbers('41')).toEqual([]);
    expect(isSandboxNumber('+14155551234')).toBe(false);
  });

  it('searches the area code, leaves out taken numbers, filters by digits and honours the limit', async () => {
    const provider = providerWith(new Set(['+14155550100', '+14155550101']));
    const found = await provider.searchAvailable({ areaCode: '415', limit: 3 });
    expect(found).toEqual([
      { phoneNumber: '+14155550102', friendlyName: '(415) 555-0102', locality: null, region: null },
      { phoneNumber: '+14155550103', friendlyName: '(415) 555-0103', locality: null, region: null },
      { phoneNumber: '+14155550104', friendlyName: '(415) 555-0104', locality: null, region: null },
    ]);
    expect((await provider.searchAvailable({ areaCode: '312', contains: '0177', limit: 20 })).map((n) => n.phoneNumber)).toEqual(['+13125550177']);
    expect((await provider.searchAvailable({ areaCode: '312', limit: 1 }))[0]!.region).toBe('IL');
  });

  it('buys a free number with an SB id, and refuses a taken or non-sandbox one', async () => {
    const taken = new Set(['+14155550100']);
    const provider = providerWith(taken);
    const bought = await provider.purchase('+14155550150');
    expect(bought.phoneNumber).toBe('+14155550150');
    expect(bought.providerNumberId).toMatch(/^SB[0-9a-f]{32}$/);
    await expect(provider.purchase('+14155550100')).rejects.toBeInstanceOf(PhoneNumberUnavailableError);
    await expect(provider.purchase('+14155551234')).rejects.toBeInstanceOf(PhoneNumberUnavailableError);
  });

  it('knows each state\'s main area code by code or name', () => {
    expect(areaCodeForState('IL')).toBe('312');
    expect(areaCodeForState('new york')).toBe('212');
    expect(areaCodeForState('DC')).toBe('202');
    expect(areaCodeForState('ZZ')).toBeNull();
    expect(usStateCode('California')).toBe('CA');
    expect(usStateCode(null)).toBeNull();
  });

  it('takes back a number it handed out (its inventory is the caller\'s table), and refuses an id it never gave', async () => {
    const provider = providerWith(new Set());
    const bought = await provider.purchase('+16195550150');
    await expect(provider.release(bought)).resolves.toBeUndefined();
    await expect(provider.release({ phoneNumber: '+16195550150', providerNumberId: 'PN0123' })).rejects.toThrow('Not a sandbox number id: PN0123');
  });
});
