import { Module } from '@nestjs/common';
import { PortfolioCounts } from './building.repository.js';

/** Buildings' shared counts (units per building, tenants per unit); their use cases are found by UseCasesModule. */
@Module({ providers: [PortfolioCounts], exports: [PortfolioCounts] })
export class BuildingsModule {}
