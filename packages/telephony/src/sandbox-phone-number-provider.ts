import { randomBytes } from 'node:crypto';
import {
  friendlyUsNumber,
  PhoneNumberUnavailableError,
  type AvailableNumber,
  type NumberSearch,
  type PhoneNumberProvider,
  type PurchasedNumber,
} from './phone-number-provider.js';
import { stateOfAreaCode } from './us-area-codes.js';

/** Which of these E.164 numbers are already given to someone (the service's own table of assigned numbers). */
export type TakenNumbers = (phoneNumbers: readonly string[]) => Promise<ReadonlySet<string>>;

const areaCodePattern = /^[2-9]\d{2}$/;

/** +1 NXX 555 01XX: the range reserved for fiction, so a sandbox number can never ring a real phone. */
export function sandboxNumbers(areaCode: string): string[] {
  if (!areaCodePattern.test(areaCode)) return [];
  return Array.from({ length: 100 }, (_, i) => `+1${areaCode}55501${String(i).padStart(2, '0')}`);
}

export function isSandboxNumber(phoneNumber: string): boolean {
  return /^\+1[2-9]\d{2}55501\d{2}$/.test(phoneNumber);
}

/**
 * The local and test provider: offers the fictional 555-0100..0199 numbers of the asked area code that no location
 * has yet, and "buys" one by checking again that it is still free. Which numbers are taken is the caller's
 * knowledge (`taken`), so two locations never get the same number; the service's unique index on assigned numbers
 * settles a race between two purchases of the same one.
 */
export class SandboxPhoneNumberProvider implements PhoneNumberProvider {
  readonly name = 'sandbox';

  constructor(private readonly taken: TakenNumbers) {}

  async searchAvailable(search: NumberSearch): Promise<AvailableNumber[]> {
    const candidates = sandboxNumbers(search.areaCode);
    const contains = (search.contains ?? '').replace(/\D/g, '');
    const matching = contains ? candidates.filter((n) => n.slice(2).includes(contains)) : candidates;
    const taken = await this.taken(matching);
    const region = stateOfAreaCode(search.areaCode);
    return matching
      .filter((n) => !taken.has(n))
      .slice(0, Math.max(0, search.limit))
      .map((phoneNumber) => ({ phoneNumber, friendlyName: friendlyUsNumber(phoneNumber), locality: null, region }));
  }

  async purchase(phoneNumber: string): Promise<PurchasedNumber> {
    if (!isSandboxNumber(phoneNumber)) throw new PhoneNumberUnavailableError(phoneNumber, 'not a sandbox number');
    if ((await this.taken([phoneNumber])).has(phoneNumber)) throw new PhoneNumberUnavailableError(phoneNumber, 'already taken');
    return { phoneNumber, providerNumberId: `SB${randomBytes(16).toString('hex')}` };
  }

  /**
   * The sandbox's inventory is the caller's table of assigned numbers: a number is free again once its row is gone,
   * so there is nothing to give back here beyond refusing an id the sandbox never handed out.
   */
  async release(number: PurchasedNumber): Promise<void> {
    if (!/^SB[0-9a-f]{32}$/.test(number.providerNumberId)) throw new Error(`Not a sandbox number id: ${number.providerNumberId}`);
  }
}
