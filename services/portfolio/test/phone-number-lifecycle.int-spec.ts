import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import {
  AssignLocationPhoneNumber,
  ChangeLocationPhoneNumber,
  CreatePropertyLocation,
  GetOnboardingProgress,
  GetPropertyLocation,
  LocationPhoneNumberAssigned,
  LocationPhoneNumberReleased,
  ReleaseLocationPhoneNumber,
  SearchLocationPhoneNumbers,
} from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { failure, startPortfolio, type PortfolioHarness, type TestUser } from './support/portfolio-harness.js';

/**
 * Issue 9, the phone-number picker: the default area code is the location's own, buying is idempotent, and a number
 * can be released or changed (new one first, then the old one released) without the location ever losing one on a
 * failure. Against the real portfolio service with the sandbox provider.
 */

jest.setTimeout(60_000);

let harness: PortfolioHarness;

beforeAll(async () => {
  harness = await startPortfolio({ SMS_PROVIDER: 'sandbox' });
});

afterAll(async () => {
  await harness?.close();
});

async function ownerWithLocation(addressText: string): Promise<{ owner: TestUser; locationId: string }> {
  const owner = await harness.registeredUser();
  const location = await harness.call(CreatePropertyLocation, { address_text: addressText, type: 'MULTI_UNIT', declared_units_count: 4, is_rental_property: true }, owner.authorization);
  return { owner, locationId: location.id };
}

async function offered(owner: TestUser, locationId: string, areaCode?: string) {
  return harness.call(SearchLocationPhoneNumbers, { id: locationId, ...(areaCode ? { areaCode } : {}), limit: 5 }, owner.authorization);
}

async function rowsOf(locationId: string) {
  const { rows } = await harness.db.query<{ phone_number: string }>(`select phone_number from "${harness.schema}"."location_phone_number" where location_id = $1`, [locationId]);
  return rows.map((row) => row.phone_number);
}

async function eventsOf(subject: string, locationId: string) {
  const { rows } = await harness.db.query<{ data: Record<string, unknown> }>(
    `select "envelope"->'data' as data from "${harness.schema}"."outbox" where "subject" = $1 and "envelope"->'data'->>'locationId' = $2 order by "id"`,
    [subject, locationId],
  );
  return rows.map((row) => row.data);
}

async function hasPhoneNumber(owner: TestUser, expected: boolean) {
  await waitFor(async () => (await harness.call(GetOnboardingProgress, { id: owner.userId }, owner.authorization)).hasPhoneNumber === expected, {
    timeout: 10_000,
    description: `hasPhoneNumber ${expected}`,
  });
}

describe('the default area code', () => {
  it('is the one serving the location\'s ZIP code (San Diego 92101: 619, not California\'s 213)', async () => {
    const { owner, locationId } = await ownerWithLocation('1450 Harbor View Drive, San Diego, CA 92101');
    const result = await offered(owner, locationId);
    expect(result.areaCode).toBe('619');
    expect(result.numbers).toHaveLength(5);
    for (const n of result.numbers) expect(n.phoneNumber).toMatch(/^\+1619555\d{4}$/);

    // The manager can still search another area code.
    const other = await offered(owner, locationId, '858');
    expect(other.areaCode).toBe('858');
    for (const n of other.numbers) expect(n.phoneNumber).toMatch(/^\+1858555\d{4}$/);
  });

  it('is the city\'s when the address has no ZIP, and the number\'s own once the location has one', async () => {
    const { owner, locationId } = await ownerWithLocation('12 Broadway, Oakland, CA');
    expect((await offered(owner, locationId)).areaCode).toBe('510');
    const [elsewhere] = (await offered(owner, locationId, '707')).numbers;
    await harness.call(AssignLocationPhoneNumber, { id: locationId, phoneNumber: elsewhere!.phoneNumber }, owner.authorization);
    expect((await offered(owner, locationId)).areaCode).toBe('707');
  });
});

describe('assigning', () => {
  it('answers a retry with the same Idempotency-Key with the first answer and buys one number', async () => {
    const { owner, locationId } = await ownerWithLocation('1450 Harbor View Drive, San Diego, CA 92101');
    const [pick] = (await offered(owner, locationId)).numbers;
    const key = randomUUID();
    const assign = () => harness.client.request(AssignLocationPhoneNumber, { id: locationId, phoneNumber: pick!.phoneNumber }, { authorization: owner.authorization, idempotencyKey: key });
    const first = await assign();
    const retry = await assign();
    expect(retry).toEqual(first);
    expect(first.phone).toBe(pick!.phoneNumber);
    expect(await rowsOf(locationId)).toEqual([pick!.phoneNumber]);
    expect(await eventsOf(LocationPhoneNumberAssigned.subject, locationId)).toHaveLength(1);
  });
});

describe('releasing', () => {
  it('gives the number back: the location has none, the number is offered again, an event says so, onboarding follows', async () => {
    const { owner, locationId } = await ownerWithLocation('1450 Harbor View Drive, San Diego, CA 92101');
    const [pick] = (await offered(owner, locationId, '619')).numbers;
    await harness.call(AssignLocationPhoneNumber, { id: locationId, phoneNumber: pick!.phoneNumber }, owner.authorization);
    await hasPhoneNumber(owner, true);

    const released = await harness.call(ReleaseLocationPhoneNumber, { id: locationId }, owner.authorization);
    expect(released.phone).toBeNull();
    expect((await harness.call(GetPropertyLocation, { id: locationId }, owner.authorization)).phone).toBeNull();
    expect(await rowsOf(locationId)).toEqual([]);
    expect(await eventsOf(LocationPhoneNumberReleased.subject, locationId)).toEqual([
      expect.objectContaining({ phoneNumber: pick!.phoneNumber, provider: 'sandbox', replacedBy: null, ownerUserId: owner.userId }),
    ]);
    expect((await offered(owner, locationId, '619')).numbers.map((n) => n.phoneNumber)).toContain(pick!.phoneNumber);
    await hasPhoneNumber(owner, false);

    // A repeated release finds nothing to give back and answers the location as it is.
    expect((await harness.call(ReleaseLocationPhoneNumber, { id: locationId }, owner.authorization)).phone).toBeNull();
    expect(await eventsOf(LocationPhoneNumberReleased.subject, locationId)).toHaveLength(1);
  });

  it('keeps the number when the provider refuses to release it', async () => {
    const { owner, locationId } = await ownerWithLocation('1450 Harbor View Drive, San Diego, CA 92101');
    const [pick] = (await offered(owner, locationId, '619')).numbers;
    await harness.call(AssignLocationPhoneNumber, { id: locationId, phoneNumber: pick!.phoneNumber }, owner.authorization);
    // An id the sandbox never handed out: its release fails, as a provider's outage would.
    await harness.db.query(`update "${harness.schema}"."location_phone_number" set provider_number_id = 'PN-unknown' where location_id = $1`, [locationId]);

    const refused = await failure(harness.call(ReleaseLocationPhoneNumber, { id: locationId }, owner.authorization));
    expect(refused.status).toBe(502);
    expect(refused.message).toBe('The phone provider could not release the number. It is still assigned; try again later.');
    expect((await harness.call(GetPropertyLocation, { id: locationId }, owner.authorization)).phone).toBe(pick!.phoneNumber);
    expect(await rowsOf(locationId)).toEqual([pick!.phoneNumber]);
    expect(await eventsOf(LocationPhoneNumberReleased.subject, locationId)).toEqual([]);
  });

  it('is refused to another account, whose owner cannot tell the location exists; the number stays', async () => {
    const { owner, locationId } = await ownerWithLocation('1450 Harbor View Drive, San Diego, CA 92101');
    const stranger = await harness.registeredUser();
    const [pick, other] = (await offered(owner, locationId, '619')).numbers;
    await harness.call(AssignLocationPhoneNumber, { id: locationId, phoneNumber: pick!.phoneNumber }, owner.authorization);

    expect((await failure(harness.call(ReleaseLocationPhoneNumber, { id: locationId }, stranger.authorization))).status).toBe(404);
    expect((await failure(harness.call(ChangeLocationPhoneNumber, { id: locationId, phoneNumber: other!.phoneNumber }, stranger.authorization))).status).toBe(404);
    expect(await rowsOf(locationId)).toEqual([pick!.phoneNumber]);
  });
});

describe('changing', () => {
  it('gives the location the new number and releases the old one, so it always has exactly one', async () => {
    const { owner, locationId } = await ownerWithLocation('1450 Harbor View Drive, San Diego, CA 92101');
    const [first, second] = (await offered(owner, locationId, '619')).numbers;
    await harness.call(AssignLocationPhoneNumber, { id: locationId, phoneNumber: first!.phoneNumber }, owner.authorization);

    const changed = await harness.call(ChangeLocationPhoneNumber, { id: locationId, phoneNumber: second!.phoneNumber }, owner.authorization);
    expect(changed.phone).toBe(second!.phoneNumber);
    expect(await rowsOf(locationId)).toEqual([second!.phoneNumber]);
    expect(await eventsOf(LocationPhoneNumberReleased.subject, locationId)).toEqual([expect.objectContaining({ phoneNumber: first!.phoneNumber, replacedBy: second!.phoneNumber })]);
    expect((await eventsOf(LocationPhoneNumberAssigned.subject, locationId)).map((e) => e['phoneNumber'])).toEqual([first!.phoneNumber, second!.phoneNumber]);
    expect((await offered(owner, locationId, '619')).numbers.map((n) => n.phoneNumber)).toContain(first!.phoneNumber);
    await hasPhoneNumber(owner, true);

    // A retry of the same change changes nothing more.
    expect((await harness.call(ChangeLocationPhoneNumber, { id: locationId, phoneNumber: second!.phoneNumber }, owner.authorization)).phone).toBe(second!.phoneNumber);
    expect(await eventsOf(LocationPhoneNumberReleased.subject, locationId)).toHaveLength(1);
  });

  it('keeps the old number when the old one cannot be released, and does not hold on to the new one', async () => {
    const { owner, locationId } = await ownerWithLocation('1450 Harbor View Drive, San Diego, CA 92101');
    const [first, second] = (await offered(owner, locationId, '619')).numbers;
    await harness.call(AssignLocationPhoneNumber, { id: locationId, phoneNumber: first!.phoneNumber }, owner.authorization);
    await harness.db.query(`update "${harness.schema}"."location_phone_number" set provider_number_id = 'PN-unknown' where location_id = $1`, [locationId]);

    const refused = await failure(harness.call(ChangeLocationPhoneNumber, { id: locationId, phoneNumber: second!.phoneNumber }, owner.authorization));
    expect(refused.status).toBe(502);
    expect((await harness.call(GetPropertyLocation, { id: locationId }, owner.authorization)).phone).toBe(first!.phoneNumber);
    expect(await rowsOf(locationId)).toEqual([first!.phoneNumber]);
    expect(await eventsOf(LocationPhoneNumberReleased.subject, locationId)).toEqual([]);
    expect((await offered(owner, locationId, '619')).numbers.map((n) => n.phoneNumber)).toContain(second!.phoneNumber);
  });

  it('needs a number to change, and a number nobody has', async () => {
    const a = await ownerWithLocation('1450 Harbor View Drive, San Diego, CA 92101');
    const b = await ownerWithLocation('1460 Harbor View Drive, San Diego, CA 92101');
    const [first, second] = (await offered(a.owner, a.locationId, '619')).numbers;
    const none = await failure(harness.call(ChangeLocationPhoneNumber, { id: a.locationId, phoneNumber: first!.phoneNumber }, a.owner.authorization));
    expect(none.body).toMatchObject({ status: 409, message: 'This property has no phone number yet' });

    await harness.call(AssignLocationPhoneNumber, { id: a.locationId, phoneNumber: first!.phoneNumber }, a.owner.authorization);
    await harness.call(AssignLocationPhoneNumber, { id: b.locationId, phoneNumber: second!.phoneNumber }, b.owner.authorization);
    const taken = await failure(harness.call(ChangeLocationPhoneNumber, { id: a.locationId, phoneNumber: second!.phoneNumber }, a.owner.authorization));
    expect(taken.body).toMatchObject({ status: 409, message: 'This phone number is no longer available' });
    const malformed = await failure(harness.call(ChangeLocationPhoneNumber, { id: a.locationId, phoneNumber: '619-555-0100' }, a.owner.authorization));
    expect(malformed.body).toMatchObject({ status: 400, message: 'Phone number must be in format: +1XXXXXXXXXX' });
    expect(await rowsOf(a.locationId)).toEqual([first!.phoneNumber]);
  });
});
