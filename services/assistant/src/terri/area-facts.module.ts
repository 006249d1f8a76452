import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import { AreaFacts, defaultAreaFactsDir, loadAreaFacts } from './area-facts.js';

/**
 * Terri's area facts, loaded once at start from `dir` (TERRI_AREA_FACTS_DIR, else the packs shipped with the
 * service). An invalid pack stops the start with every problem listed.
 */
@Global()
@Module({})
export class AreaFactsModule {
  static forRoot(dir: string | undefined): DynamicModule {
    return {
      module: AreaFactsModule,
      providers: [
        {
          provide: AreaFacts,
          useFactory: () => {
            const from = dir ?? defaultAreaFactsDir();
            const packs = loadAreaFacts(from);
            new Logger('Terri').log(`area facts: ${packs.length} packs, ${packs.reduce((sum, pack) => sum + pack.facts.length, 0)} facts from ${from}`);
            return new AreaFacts(packs);
          },
        },
      ],
      exports: [AreaFacts],
    };
  }
}
