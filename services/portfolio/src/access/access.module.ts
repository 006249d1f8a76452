import { Global, Module } from '@nestjs/common';
import { AccessModule as SharedAccessModule } from '@pm/access';
import { PortfolioAccess } from './portfolio-access.js';

/**
 * Global: every portfolio feature decides access through the same @pm/access rule. Portfolio is the source of the
 * grant events, so it applies them to its projection itself (forSource), in the transaction that records them.
 */
@Global()
@Module({ imports: [SharedAccessModule.forSource()], providers: [PortfolioAccess], exports: [PortfolioAccess] })
export class AccessModule {}
