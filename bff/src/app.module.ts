import { Module, type DynamicModule } from '@nestjs/common';
import { fileStoreOptionsFromEnv } from '@pm/files';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { MessagingModule } from '@pm/messaging';
import { AuthModule, loggingModule } from '@pm/nest-kit';
import type { BffEnv } from './config/env.js';
import { MessageContextInterceptor } from './http/message-context.interceptor.js';
import { RpcFailureFilter } from './http/rpc-failure.filter.js';
import { PlatformStatusModule } from './platform/platform-status.module.js';
import { AddressModule } from './address/address.module.js';
import { PortfolioModule } from './portfolio/portfolio.module.js';
import { AuthAreaModule } from './auth/auth.module.js';
import { BffFilesModule } from './files/files.module.js';
import { UserAreaModule } from './user/user.module.js';

/** Screen-area modules of the BFF; each issue adds its own (identity, portfolio, ...). */
export const bffFeatures = [PlatformStatusModule, PortfolioModule, AddressModule, AuthAreaModule, UserAreaModule];

export function bffModule(config: BffEnv): DynamicModule {
  @Module({})
  class BffModule {}
  return {
    module: BffModule,
    imports: [
      loggingModule({ service: 'bff', level: config.LOG_LEVEL }),
      MessagingModule.forRoot({ servers: config.NATS_URL, name: 'bff' }),
      AuthModule.forRoot({ jwksUrl: config.JWKS_URL, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE }),
      BffFilesModule.forRoot(fileStoreOptionsFromEnv(config)),
      ...bffFeatures,
    ],
    providers: [
      { provide: APP_INTERCEPTOR, useClass: MessageContextInterceptor },
      { provide: APP_FILTER, useClass: RpcFailureFilter },
    ],
  };
}
