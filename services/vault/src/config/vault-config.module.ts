import { Global, Module, type DynamicModule } from '@nestjs/common';
import { VAULT_CONFIG, type VaultConfig } from './vault-env.js';

/** The validated configuration, available to every vault feature. */
@Global()
@Module({})
export class VaultConfigModule {
  static forRoot(config: VaultConfig): DynamicModule {
    return { module: VaultConfigModule, providers: [{ provide: VAULT_CONFIG, useValue: config }], exports: [VAULT_CONFIG] };
  }
}
