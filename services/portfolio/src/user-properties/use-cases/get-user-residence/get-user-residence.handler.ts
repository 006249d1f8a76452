import { GetUserResidence, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { PropertyLocation } from '../../../property-locations/property-location.entity.js';
import { toUserProperty } from '../set-user-property-by-address/set-user-property-by-address.handler.js';
import { sameStreetAddress } from './same-street-address.js';

interface TenancyRow {
  location_id: string;
  name: string;
  location_address: string;
  building_address: string | null;
  unit_name: string | null;
}

/**
 * Where the caller lives, for Terri (the assistant asks with the caller's token). The home is the caller's own
 * (GET user-property). A managed location is named only for a registered caller whose verified e-mail is the e-mail of
 * a current tenant there and whose home is that tenant's address (the location's or the building's): the location's
 * knowledge is then theirs to ask about. Anyone else, an anonymous visitor who typed the address included, gets the
 * home alone.
 */
@UseCase(GetUserResidence)
export class GetUserResidenceHandler implements UseCaseHandler<typeof GetUserResidence> {
  async handle(_request: RequestOf<typeof GetUserResidence>, { em, caller, principal }: UseCaseContext): Promise<ResponseOf<typeof GetUserResidence>> {
    const [home] = await em.find(
      PropertyLocation,
      { accountId: caller.accountId, metadata: { home: { $ne: null } } },
      { orderBy: { updatedAt: 'desc', id: 'desc' }, limit: 1 },
    );
    if (!home) return { property: null, residence: null };
    const property = toUserProperty(home);
    const email = principal.email?.trim().toLowerCase();
    if (caller.isAnonymous || !email) return { property, residence: null };

    const schema = em.config.get('schema');
    const tenancies: TenancyRow[] = await em.execute(
      `select l.id as location_id, l.name, l.address_text as location_address, b.address_text as building_address, u.name as unit_name
         from "${schema}"."tenant" t
         join "${schema}"."property_location" l on l.id = t.property_location_id
         left join "${schema}"."building" b on b.id = t.building_id
         left join "${schema}"."unit" u on u.id = t.unit_id
        where not t.is_archived
          and l.account_id <> ?
          and exists (select 1 from jsonb_array_elements(t.contacts) c where c->>'type' = 'email' and lower(c->>'value') = ?)
        order by t.created_at, t.id`,
      [caller.accountId, email],
    );
    const match = tenancies.find((row) =>
      [row.location_address, row.building_address].some((address) => address !== null && sameStreetAddress(address, property.street, property.zipcode)),
    );
    return {
      property,
      residence: match ? { location_id: match.location_id, name: match.name, address_text: match.location_address, unit_name: match.unit_name } : null,
    };
  }
}
