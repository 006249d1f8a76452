import { Module } from '@nestjs/common';
import { createAddressSearch, geoEnv } from '@pm/geo';
import { loadConfig } from '@pm/nest-kit';
import { ADDRESS_SEARCH, AddressController } from './address.controller.js';

/**
 * Geocoding is a provider, not a bounded context: the BFF calls the adapter directly. Mapbox when
 * MAPBOX_ACCESS_TOKEN is set (validated with the rest of the BFF's environment at boot), offline otherwise.
 */
@Module({
  controllers: [AddressController],
  providers: [{ provide: ADDRESS_SEARCH, useFactory: () => createAddressSearch(loadConfig(geoEnv, process.env)) }],
})
export class AddressModule {}
