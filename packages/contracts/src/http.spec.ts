import { ListExpiringLeases as expiringLeases } from './portfolio/rpc/todo.js';
import { GetTaggingOptions as taggingOptions } from './vault/rpc/tagging.js';
import type { BoundRpcContract } from './define.js';
import { httpCallOf, queryStringOf, requestFromHttp } from './http.js';

const a = '01937a13-4f5a-7b6c-8d2e-3f4a5b6c7d01';
const b = '01937a13-4f5a-7b6c-8d2e-3f4a5b6c7d02';
const GetTaggingOptions = taggingOptions as typeof taggingOptions & BoundRpcContract;
const ListExpiringLeases = expiringLeases as typeof expiringLeases & BoundRpcContract;

describe('the HTTP halves of a contract', () => {
  it('send a list in a query string as the parameter repeated, as the OpenAPI document describes it', () => {
    const call = httpCallOf(GetTaggingOptions, { property_location_ids: [a, b], unit_ids: [] });
    expect(call.params).toEqual({ property_location_ids: [a, b], unit_ids: [] });
    expect(queryStringOf(call.params!)).toBe(`property_location_ids=${a}&property_location_ids=${b}`);
  });

  it('read a repeated parameter back as the list, and one given once as a list of one', () => {
    // Express reads `?x=a&x=b` as ['a', 'b'] and `?x=a` as 'a'.
    const twice = requestFromHttp(GetTaggingOptions, { params: {}, query: { property_location_ids: [a, b] }, body: undefined });
    expect(GetTaggingOptions.request.parse(twice)).toEqual({ property_location_ids: [a, b] });
    const once = requestFromHttp(GetTaggingOptions, { params: {}, query: { unit_ids: a }, body: undefined });
    expect(GetTaggingOptions.request.parse(once)).toEqual({ unit_ids: [a] });
  });

  it('do not split a value on commas (it is one id, which the service will not find)', () => {
    const joined = requestFromHttp(GetTaggingOptions, { params: {}, query: { unit_ids: `${a},${b}` }, body: undefined });
    expect(GetTaggingOptions.request.parse(joined)).toEqual({ unit_ids: [`${a},${b}`] });
  });

  it('leave out parameters not given and keep scalars as they are', () => {
    expect(queryStringOf({ page: 2, archived: false, q: 'a b&c', none: undefined })).toBe('page=2&archived=false&q=a+b%26c');
  });

  it('read a query value as a number only when it is written as JSON writes one', () => {
    const days = (raw: string) => ListExpiringLeases.request.safeParse(requestFromHttp(ListExpiringLeases, { params: { locationId: a }, query: { days: raw }, body: undefined }));
    expect(days('30').data?.days).toBe(30);
    // Number() would take each of these for a number; as text, the window's own rules decide.
    expect(days(' 30 ').data?.days).toBe(30);
    expect(days(`1${'\u00a0'.repeat(10)}`).success).toBe(false);
    expect(days('0x1e').success).toBe(false);
  });
});
