import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { BuildingsModule } from '../buildings/buildings.module.js';
import { UnitRpc } from './unit.rpc.js';
import { CreateUnitHandler } from './use-cases/create-unit/create-unit.handler.js';
import { GetUnitHandler } from './use-cases/get-unit/get-unit.handler.js';
import { ListLocationUnitsHandler } from './use-cases/list-location-units/list-location-units.handler.js';
import { ListUnitsHandler } from './use-cases/list-units/list-units.handler.js';

/** Units of a building (and all units of a location). */
@Module({
  imports: [AccountsModule, BuildingsModule],
  controllers: [UnitRpc],
  providers: [ListUnitsHandler, ListLocationUnitsHandler, CreateUnitHandler, GetUnitHandler],
})
export class UnitsModule {}
