import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { DraftsModule } from '../drafts/drafts.module.js';
import { PortalMessages } from './portal-messages.repository.js';

/** The resident's own conversations in the portal: what their use cases share (the directory names the property). */
@Module({ imports: [DraftsModule, DirectoryModule], providers: [PortalMessages], exports: [PortalMessages, DirectoryModule] })
export class ResidentModule {}
