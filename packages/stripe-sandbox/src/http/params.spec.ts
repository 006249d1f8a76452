import { describe, expect, it } from '@jest/globals';
import { Params, parseForm } from './params.js';
import { StripeApiError } from './stripe-error.js';

describe('parseForm', () => {
  it('reads bracket notation into nested objects and indexed or appended arrays', () => {
    const parsed = parseForm(
      'mode=payment&line_items[0][price_data][unit_amount]=1500&line_items[0][price_data][product_data][name]=Rent%20%E2%80%94%20May&line_items[0][quantity]=1' +
        '&expand[]=payment_intent&expand[]=subscription&metadata[unit]=u+1&payment_method_types[0]=card&payment_method_types[1]=us_bank_account',
    );
    expect(parsed).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { unit_amount: '1500', product_data: { name: 'Rent — May' } }, quantity: '1' }],
      expand: ['payment_intent', 'subscription'],
      metadata: { unit: 'u 1' },
      payment_method_types: ['card', 'us_bank_account'],
    });
  });

  it('accepts percent-encoded brackets too', () => {
    expect(parseForm('metadata%5Bkey%5D=v')).toEqual({ metadata: { key: 'v' } });
  });
});

describe('Params', () => {
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      if (error instanceof StripeApiError) return { status: error.status, ...error.body };
      throw error;
    }
    throw new Error('expected a refusal');
  };

  it("names nested parameters the way Stripe does in its errors", () => {
    const params = new Params(parseForm('line_items[0][quantity]=x'));
    const item = params.children('line_items')![0]!;
    expect(refusal(() => item.int('quantity'))).toMatchObject({ status: 400, param: 'line_items[0][quantity]', code: 'parameter_invalid_integer' });
    expect(refusal(() => item.requiredString('price'))).toMatchObject({ param: 'line_items[0][price]', code: 'parameter_missing', message: 'Missing required param: line_items[0][price].' });
    expect(refusal(() => params.only(['mode']))).toMatchObject({ param: 'line_items', code: 'parameter_unknown' });
  });

  it('reads booleans and refuses other words', () => {
    const params = new Params(parseForm('a=true&b=false&c=yes'));
    expect(params.bool('a')).toBe(true);
    expect(params.bool('b')).toBe(false);
    expect(refusal(() => params.bool('c'))).toMatchObject({ message: 'Invalid boolean: yes' });
  });
});
