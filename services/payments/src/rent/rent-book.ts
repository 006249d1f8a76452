import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RentDetails, RentPrice } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { RentTerms } from '../ledger/rent-schedule.js';
import { table } from '../payments-tables.js';
import type { UnitPlace } from '../directory/directory.repository.js';

interface RentDetailsRow {
  unit_id: string;
  location_id: string;
  amount_cents: string;
  due_day: number;
  late_fee_cents: string;
  grace_days: number;
  starts_on: string;
  ends_on: string | null;
  updated_at: Date | string;
  created_at: Date | string;
}

/** A unit's rent terms as kept: when they last changed, and since when the product keeps the unit's rent. */
export type UnitRentTerms = RentTerms & { locationId: string; updatedAt: Date; keptSince: Date };

/** What the manager sets (PUT unit/{id}/rent-details), in cents and plain days. */
export interface RentDetailsInput {
  amountCents: number;
  dueDay: number;
  lateFeeCents: number;
  graceDays: number;
  startsOn: string;
  endsOn: string | null;
}

/** Dates come back from PostgreSQL as text (the pool's `date` parser is left alone): keep the YYYY-MM-DD. */
const day = (value: string | Date): string => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/**
 * Each unit's rent details and the rents it has had. A change of amount adds a rent price (the rent from its start
 * date); the details are the current terms the charge schedule reads. Charges already in the ledger never change.
 */
@Injectable()
export class RentBook {
  async terms(em: EntityManager, unitId: string): Promise<UnitRentTerms | null> {
    const [row] = await em.execute<RentDetailsRow[]>(
      `select unit_id, location_id, amount_cents, due_day, late_fee_cents, grace_days, starts_on::text, ends_on::text, updated_at, created_at from ${table(em, 'rent_details')} where unit_id = ?`,
      [unitId],
      'all',
    );
    return row ? termsOf(row) : null;
  }

  /** Every unit of a location with rent set, for the rent roll and the charge schedule. */
  async termsAt(em: EntityManager, locationId: string | null): Promise<UnitRentTerms[]> {
    const rows = await em.execute<RentDetailsRow[]>(
      `select unit_id, location_id, amount_cents, due_day, late_fee_cents, grace_days, starts_on::text, ends_on::text, updated_at, created_at from ${table(em, 'rent_details')}
        ${locationId === null ? '' : 'where location_id = ?'} order by unit_id`,
      locationId === null ? [] : [locationId],
      'all',
    );
    return rows.map(termsOf);
  }

  async save(em: EntityManager, place: UnitPlace, input: RentDetailsInput, by: string, at: Date): Promise<void> {
    const previous = await this.terms(em, place.unitId);
    await em.execute(
      `insert into ${table(em, 'rent_details')} (unit_id, location_id, amount_cents, due_day, late_fee_cents, grace_days, starts_on, ends_on, updated_at, updated_by)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (unit_id) do update set location_id = excluded.location_id, amount_cents = excluded.amount_cents, due_day = excluded.due_day,
         late_fee_cents = excluded.late_fee_cents, grace_days = excluded.grace_days, starts_on = excluded.starts_on, ends_on = excluded.ends_on,
         updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      [place.unitId, place.locationId, input.amountCents, input.dueDay, input.lateFeeCents, input.graceDays, input.startsOn, input.endsOn, at, by],
      'run',
    );
    if (previous?.amountCents !== input.amountCents) {
      await em.execute(
        `insert into ${table(em, 'rent_price')} (id, unit_id, amount_cents, effective_from, created_at) values (?, ?, ?, ?, ?)`,
        [uuidv7(), place.unitId, input.amountCents, input.startsOn, at],
        'run',
      );
    }
  }

  /** The rents the unit has had, newest first; the latest is the one in force. */
  async prices(em: EntityManager, unitId: string): Promise<RentPrice[]> {
    const rows = await em.execute<{ id: string; amount_cents: string; effective_from: string; created_at: Date | string }[]>(
      `select id, amount_cents, effective_from::text, created_at from ${table(em, 'rent_price')} where unit_id = ? order by created_at desc, id desc`,
      [unitId],
      'all',
    );
    return rows.map((row, index) => ({
      id: row.id,
      amount: Number(row.amount_cents),
      currency: 'usd',
      interval: 'month',
      active: index === 0,
      effective_from: day(row.effective_from),
      created_at: new Date(row.created_at).toISOString(),
    }));
  }
}

function termsOf(row: RentDetailsRow): UnitRentTerms {
  return {
    unitId: row.unit_id,
    locationId: row.location_id,
    amountCents: Number(row.amount_cents),
    dueDay: row.due_day,
    lateFeeCents: Number(row.late_fee_cents),
    graceDays: row.grace_days,
    startsOn: day(row.starts_on),
    endsOn: row.ends_on === null ? null : day(row.ends_on),
    updatedAt: new Date(row.updated_at),
    keptSince: new Date(row.created_at),
  };
}

/** The API's rent details of a unit: its terms, or the defaults the form starts from while none is set. */
export function rentDetailsView(place: UnitPlace, terms: (RentTerms & { updatedAt: Date }) | null): RentDetails {
  return {
    unit_id: place.unitId,
    amount: terms?.amountCents ?? null,
    currency: 'usd',
    due_day: terms?.dueDay ?? 1,
    late_fee: terms?.lateFeeCents ?? 0,
    grace_period_days: terms?.graceDays ?? 5,
    start_date: terms?.startsOn ?? null,
    end_date: terms?.endsOn ?? null,
    time_zone: place.timeZone,
    updated_at: terms?.updatedAt.toISOString() ?? null,
  };
}
