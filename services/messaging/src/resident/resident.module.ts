import { Module } from '@nestjs/common';
import { DraftsModule } from '../drafts/drafts.module.js';
import { PortalMessages } from './portal-messages.repository.js';

/** The resident's own conversations in the portal: what their use cases share. */
@Module({ imports: [DraftsModule], providers: [PortalMessages], exports: [PortalMessages] })
export class ResidentModule {}
