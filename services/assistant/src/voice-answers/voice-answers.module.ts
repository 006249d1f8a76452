import { Module } from '@nestjs/common';
import { DraftingModule } from '../drafting/drafting.module.js';
import { AnswerVoiceTurnRpc } from './answer-voice-turn.rpc.js';

/** Spoken answers to callers of a location's number (messaging's voice webhook asks, one turn at a time). */
@Module({ imports: [DraftingModule], controllers: [AnswerVoiceTurnRpc] })
export class VoiceAnswersModule {}
