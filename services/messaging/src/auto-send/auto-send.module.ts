import { Module } from '@nestjs/common';
import { RepliesModule } from '../replies/replies.module.js';
import { AutoSendRepository } from './auto-send.repository.js';

/** The owner's auto-send settings and the decision to auto-send a draft. */
@Module({ imports: [RepliesModule], providers: [AutoSendRepository], exports: [AutoSendRepository] })
export class AutoSendModule {}
