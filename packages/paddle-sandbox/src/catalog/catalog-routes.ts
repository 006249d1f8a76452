// GET /products, /products/{product_id}, /prices, /prices/{price_id}: the catalog, read-only (the sandbox's catalog
// comes from its options). `include=prices` on products and `include=product` on prices embed the other side.
import { required } from '../http/api.js';
import { listPage, readPaging, within } from '../http/list.js';
import type { ApiRequest, Router } from '../http/router.js';
import type { SandboxContext } from '../sandbox-context.js';
import type { PriceObject, ProductObject } from '../wire/objects.js';

const STATUSES = ['active', 'archived'] as const;

export const productView = (sb: SandboxContext, product: ProductObject, withPrices: boolean): ProductObject =>
  withPrices ? { ...product, prices: sb.store.prices.all().filter((p) => p.product_id === product.id) } : product;

export const priceView = (sb: SandboxContext, price: PriceObject, withProduct: boolean): PriceObject =>
  withProduct ? { ...price, product: sb.store.products.find(price.product_id) ?? null } : price;

function includes(request: ApiRequest, allowed: string): boolean {
  return (request.query.listOf('include', [allowed]) ?? []).includes(allowed);
}

export function catalogRoutes(router: Router): void {
  router.add('GET', '/products', (request) => {
    const { query, sb } = request;
    const ids = query.list('id');
    const status = query.listOf('status', STATUSES);
    const taxCategory = query.list('tax_category');
    const type = query.listOf('type', ['standard', 'custom']);
    const withPrices = includes(request, 'prices');
    const paging = readPaging(query);
    query.done();
    const products = sb.store.products.all().filter((p) => within(ids, p.id) && within(status, p.status) && within(taxCategory, p.tax_category) && within(type, p.type ?? 'standard'));
    return listPage(request, products, paging, (p) => productView(sb, p, withPrices));
  });
  router.add('GET', '/products/{product_id}', (request) => {
    const withPrices = includes(request, 'prices');
    request.query.done();
    const id = request.path['product_id']!;
    return { data: productView(request.sb, required(request.sb.store.products.find(id), id), withPrices) };
  });
  router.add('GET', '/prices', (request) => {
    const { query, sb } = request;
    const ids = query.list('id');
    const productIds = query.list('product_id');
    const status = query.listOf('status', STATUSES);
    const recurring = query.boolean('recurring');
    const type = query.listOf('type', ['standard', 'custom']);
    const withProduct = includes(request, 'product');
    const paging = readPaging(query);
    query.done();
    const prices = sb.store.prices
      .all()
      .filter((p) => within(ids, p.id) && within(productIds, p.product_id) && within(status, p.status) && within(type, p.type) && (recurring === undefined || recurring === Boolean(p.billing_cycle)));
    return listPage(request, prices, paging, (p) => priceView(sb, p, withProduct));
  });
  router.add('GET', '/prices/{price_id}', (request) => {
    const withProduct = includes(request, 'product');
    request.query.done();
    const id = request.path['price_id']!;
    return { data: priceView(request.sb, required(request.sb.store.prices.find(id), id), withProduct) };
  });
}
