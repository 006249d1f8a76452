// SetupIntents: saving a payment method to a customer for later off-session charges, over the API or through a
// Checkout Session in `setup` mode. Events: setup_intent.created, payment_method.attached, setup_intent.succeeded
// (or setup_intent.setup_failed for a card that is declined at once).
import { attachPaymentMethod, behaviourOf, resolvePaymentMethod } from '../customers/payment-methods.js';
import type { Router } from '../http/router.js';
import { cardError, invalidRequest } from '../http/stripe-error.js';
import type { SandboxContext } from '../sandbox-context.js';
import { newId, randomToken } from '../state/ids.js';
import type { Owner } from '../state/store.js';
import type { PaymentError, PaymentMethodObject, SetupIntentObject } from '../wire/objects.js';
import { readPaymentMethodTypes, withoutExcluded } from './payment-intents.js';

export function createSetupIntent(
  sb: SandboxContext,
  input: { customer: string | null; paymentMethodTypes: string[]; allowedPaymentMethodTypes: string[] | null; metadata: Record<string, string>; description: string | null; usage: 'off_session' | 'on_session'; onBehalfOf: string | null },
  owner: Owner,
): SetupIntentObject {
  const id = newId('seti');
  const si: SetupIntentObject = {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: input.allowedPaymentMethodTypes,
    application: null,
    automatic_payment_methods: null,
    excluded_payment_method_types: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomToken(24)}`,
    created: sb.clock.nowSec(),
    customer: input.customer,
    description: input.description,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: input.onBehalfOf,
    payment_method: null,
    payment_method_types: input.paymentMethodTypes,
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: input.usage,
  };
  sb.store.setupIntents.insert(si, owner);
  sb.events.emit('setup_intent.created', si, owner);
  return si;
}

/** Saves `pm` to the SetupIntent's customer; a card declined at once leaves the SetupIntent waiting for another. */
export function confirmSetupIntent(sb: SandboxContext, si: SetupIntentObject, pm: PaymentMethodObject, owner: Owner): PaymentError | null {
  if (!si.payment_method_types.includes(pm.type)) {
    throw invalidRequest(`The PaymentMethod provided (${pm.type}) is not allowed for this SetupIntent.`, 'payment_method');
  }
  si.payment_method = pm.id;
  const decline = behaviourOf(sb, pm).decline;
  if (decline) {
    const error: PaymentError = {
      type: 'card_error',
      code: decline.code,
      ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
      message: decline.message,
      payment_method: structuredClone(pm),
    };
    si.status = 'requires_payment_method';
    si.last_setup_error = error;
    sb.events.emit('setup_intent.setup_failed', si, owner);
    return error;
  }
  if (si.customer) attachPaymentMethod(sb, pm, si.customer, owner);
  si.status = 'succeeded';
  si.last_setup_error = null;
  sb.events.emit('setup_intent.succeeded', si, owner);
  return null;
}

export function setupIntentRoutes(router: Router): void {
  router
    .post('/v1/setup_intents', ({ sandbox, params, owner, apiVersion }) => {
      params.only(['customer', 'payment_method', 'payment_method_types', 'allowed_payment_method_types', 'excluded_payment_method_types', 'confirm', 'usage', 'metadata', 'description', 'on_behalf_of', 'mandate_data', 'payment_method_options', 'return_url']);
      const customer = params.string('customer');
      if (customer) sandbox.store.customers.get(customer, owner, 'customer');
      const types = withoutExcluded(readPaymentMethodTypes(params, apiVersion), params);
      const si = createSetupIntent(
        sandbox,
        {
          customer: customer ?? null,
          paymentMethodTypes: types.effective,
          allowedPaymentMethodTypes: types.allowed,
          metadata: params.metadata() ?? {},
          description: params.string('description') ?? null,
          usage: params.oneOf('usage', ['off_session', 'on_session'] as const) ?? 'off_session',
          onBehalfOf: params.string('on_behalf_of') ?? null,
        },
        owner,
      );
      const pmId = params.string('payment_method');
      if (pmId) {
        const pm = resolvePaymentMethod(sandbox, pmId, owner, 'payment_method');
        si.payment_method = pm.id;
        si.status = 'requires_confirmation';
        if (params.bool('confirm')) {
          const error = confirmSetupIntent(sandbox, si, pm, owner);
          if (error) throw cardError(error.code, error.message, { ...(error.decline_code ? { decline_code: error.decline_code } : {}), setup_intent: structuredClone(si) });
        }
      } else if (params.bool('confirm')) {
        throw invalidRequest("You cannot confirm this SetupIntent because it's missing a payment method.", 'payment_method', 'setup_intent_unexpected_state');
      }
      return si;
    })
    .get('/v1/setup_intents/:id', ({ sandbox, path, params, owner }) => {
      params.only(['client_secret']);
      return sandbox.store.setupIntents.get(path['id']!, owner);
    });
}
