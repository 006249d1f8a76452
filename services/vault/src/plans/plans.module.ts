import { Module } from '@nestjs/common';
import { VaultPlanChangedConsumer } from './plan-changed.consumer.js';
import { StorageLimit } from './storage-limit.js';

/** The accounts' plans as the vault needs them: their storage limit. */
@Module({ controllers: [VaultPlanChangedConsumer], providers: [StorageLimit], exports: [StorageLimit] })
export class VaultPlansModule {}
