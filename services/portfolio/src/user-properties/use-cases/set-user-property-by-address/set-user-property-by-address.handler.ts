import { SetUserPropertyByAddress, type RequestOf, type UserProperty } from '@pm/contracts';
import { GrantsProjection } from '@pm/access';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Injectable } from '@nestjs/common';
import { openPropertyLocation } from '../../../property-locations/open-property-location.js';
import { PropertyLocation } from '../../../property-locations/property-location.entity.js';

/** The address parts of a home, kept in the location's metadata (`home`) so the chat gets them back as given. */
interface HomeAddress {
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: 'US';
}

/**
 * The caller's home from an address (spec 000 §7, Terri chat): the first time a single-family location of their own
 * account, named after the street; after that the same location whenever street and ZIP match (any case, spacing).
 */
@Injectable()
@UseCase(SetUserPropertyByAddress)
export class SetUserPropertyByAddressHandler implements UseCaseHandler<typeof SetUserPropertyByAddress> {
  constructor(private readonly grants: GrantsProjection) {}

  async handle(request: RequestOf<typeof SetUserPropertyByAddress>, { em, caller }: UseCaseContext): Promise<UserProperty> {
    const home: HomeAddress = { street: request.street, city: request.city, state: request.state, zipcode: request.zip, country: 'US' };
    const owned = await em.find(PropertyLocation, { accountId: caller.accountId, metadata: { home: { $ne: null } } });
    const same = owned.find((location) => sameHome(homeOf(location), home));
    if (same) {
      same.updatedAt = new Date();
      await em.flush();
      return toUserProperty(same);
    }
    const location = await openPropertyLocation(em, this.grants, caller, {
      name: home.street,
      addressText: `${home.street}, ${home.city}, ${home.state} ${home.zipcode}`,
      type: 'SINGLE_FAMILY_HOME',
      declaredUnitsCount: null,
      isRentalProperty: false,
      metadata: { usage: 'home', state: home.state, home },
    });
    return toUserProperty(location);
  }
}

function homeOf(location: PropertyLocation): HomeAddress {
  return location.metadata['home'] as HomeAddress;
}

function sameHome(a: HomeAddress, b: HomeAddress): boolean {
  const key = (home: HomeAddress) => `${home.street.toLowerCase().replace(/\s+/g, ' ')}|${home.zipcode.slice(0, 5)}`;
  return key(a) === key(b);
}

export function toUserProperty(location: PropertyLocation): UserProperty {
  const home = homeOf(location);
  return { id: location.id, street: home.street, city: home.city, state: home.state, county: null, zipcode: home.zipcode, country: home.country };
}
