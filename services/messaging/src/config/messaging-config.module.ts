import { Global, Module, type DynamicModule } from '@nestjs/common';
import { MESSAGING_CONFIG, type MessagingConfig } from './messaging-env.js';

/** The validated configuration, available to every messaging feature. */
@Global()
@Module({})
export class MessagingConfigModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    return { module: MessagingConfigModule, providers: [{ provide: MESSAGING_CONFIG, useValue: config }], exports: [MESSAGING_CONFIG] };
  }
}
