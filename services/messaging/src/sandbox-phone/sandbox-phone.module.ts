import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { InboundSmsModule } from '../inbound-sms/inbound-sms.module.js';
import { RoutingModule } from '../routing/routing.module.js';
import { SandboxPhone } from './sandbox-phone.js';

/** The local sandbox phone's calls: text and call the locations' numbers through the real webhooks. */
@Module({ imports: [RoutingModule, InboundSmsModule, DirectoryModule], providers: [SandboxPhone], exports: [SandboxPhone] })
export class SandboxPhoneModule {}
