import { LIST_PARAMS, listResponse } from '../http/list.js';
import type { Router } from '../http/router.js';
import { createRefund } from './payment-engine.js';

export function refundRoutes(router: Router): void {
  router
    .post('/v1/refunds', ({ sandbox, params, owner }) => {
      params.only(['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'reverse_transfer', 'refund_application_fee']);
      return createRefund(
        sandbox,
        {
          ...(params.string('payment_intent') ? { paymentIntent: params.string('payment_intent')! } : {}),
          ...(params.string('charge') ? { charge: params.string('charge')! } : {}),
          ...(params.int('amount', { min: 1 }) !== undefined ? { amount: params.int('amount')! } : {}),
          ...(params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ? { reason: params.string('reason')! } : {}),
          metadata: params.metadata() ?? {},
          reverseTransfer: params.bool('reverse_transfer') ?? false,
        },
        owner,
      );
    })
    .get('/v1/refunds', ({ sandbox, params, owner }) => {
      params.only([...LIST_PARAMS, 'payment_intent', 'charge']);
      const pi = params.string('payment_intent');
      const charge = params.string('charge');
      return listResponse(
        sandbox.store.refunds.list(owner, (r) => (!pi || r.payment_intent === pi) && (!charge || r.charge === charge)),
        params,
        '/v1/refunds',
      );
    })
    .get('/v1/refunds/:id', ({ sandbox, path, params, owner }) => {
      params.only([]);
      return sandbox.store.refunds.get(path['id']!, owner);
    });
}
