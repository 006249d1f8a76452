import { Module } from '@nestjs/common';
import { PaymentExportsController } from './payment-exports.controller.js';

/** The payments downloads (a unit's ledger CSV, the monthly owner statement PDF or CSV): the BFF renders payments' records. */
@Module({ controllers: [PaymentExportsController] })
export class PaymentExportsModule {}
