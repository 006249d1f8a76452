import { Module, type DynamicModule } from '@nestjs/common';
import { fileStoreOptionsFromEnv } from '@pm/files';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { streamRegistry } from '@pm/contracts';
import { MessagingModule } from '@pm/messaging';
import { AuthModule, loggingModule, serviceCredentialsOf } from '@pm/nest-kit';
import type { BffEnv } from './config/env.js';
import { MessageContextInterceptor } from './http/message-context.interceptor.js';
import { ApiErrorFilter } from './http/api-error.filter.js';
import { ContractRouter } from './http/contract-router.js';
import { PlatformStatusModule } from './platform/platform-status.module.js';
import { AddressModule } from './address/address.module.js';
import { AuthAreaModule } from './auth/auth.module.js';
import { SseStreamsModule } from './sse/sse-streams.module.js';
import { BffFilesModule } from './files/files.module.js';
import { PaymentExportsModule } from './payment-exports/payment-exports.module.js';
import { ThreadExportModule } from './thread-export/thread-export.module.js';
import { CloudDriveModule } from './cloud-drive/cloud-drive.module.js';
import { MessageAttachmentsModule } from './message-attachments/message-attachments.module.js';
import { DocumentsModule } from './documents/documents.module.js';

/**
 * Screen-area modules of the BFF where it does real work (auth cookies, composed views, providers it calls itself,
 * server-sent event streams). Every call that only passes through to a service is served by the ContractRouter from
 * its contract's HTTP binding.
 */
export const bffFeatures = [PlatformStatusModule, AddressModule, AuthAreaModule, SseStreamsModule.register(streamRegistry), ThreadExportModule, PaymentExportsModule, MessageAttachmentsModule, CloudDriveModule];

export function bffModule(config: BffEnv): DynamicModule {
  @Module({})
  class BffModule {}
  return {
    module: BffModule,
    imports: [
      loggingModule({ service: 'bff', level: config.LOG_LEVEL }),
      MessagingModule.forRoot({ servers: config.NATS_URL, name: 'bff', serviceCredentials: serviceCredentialsOf(config) }),
      AuthModule.forRoot({ jwksUrl: config.JWKS_URL, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE }),
      BffFilesModule.forRoot(fileStoreOptionsFromEnv(config), { secret: config.SERVICE_CLIENT_SECRET }),
      ...bffFeatures,
      DocumentsModule,
    ],
    providers: [
      ContractRouter,
      { provide: APP_INTERCEPTOR, useClass: MessageContextInterceptor },
      { provide: APP_FILTER, useClass: ApiErrorFilter },
    ],
  };
}
