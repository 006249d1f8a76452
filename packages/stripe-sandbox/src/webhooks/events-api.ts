import { LIST_PARAMS, listResponse } from '../http/list.js';
import type { Router } from '../http/router.js';

export function eventRoutes(router: Router): void {
  router
    .get('/v1/events', ({ sandbox, params, owner }) => {
      params.only([...LIST_PARAMS, 'type', 'types', 'created', 'delivery_success']);
      const type = params.string('type');
      const types = params.strings('types');
      const created = params.child('created')?.only(['gt', 'gte', 'lt', 'lte']);
      const bounds = { gt: created?.int('gt'), gte: created?.int('gte'), lt: created?.int('lt'), lte: created?.int('lte') };
      const matchesType = (t: string) => {
        if (type) return type.endsWith('.*') ? t.startsWith(type.slice(0, -1)) : t === type;
        return !types || types.includes(t);
      };
      return listResponse(
        sandbox.store.events.list(
          owner,
          (e) =>
            matchesType(e.type) &&
            (bounds.gt === undefined || e.created > bounds.gt) &&
            (bounds.gte === undefined || e.created >= bounds.gte) &&
            (bounds.lt === undefined || e.created < bounds.lt) &&
            (bounds.lte === undefined || e.created <= bounds.lte),
        ),
        params,
        '/v1/events',
      );
    })
    .get('/v1/events/:id', ({ sandbox, path, params, owner }) => {
      params.only([]);
      return sandbox.store.events.get(path['id']!, owner);
    });
}
