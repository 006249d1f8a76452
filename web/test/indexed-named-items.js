// antd's style helpers (rc-util's updateCSS, @ant-design/icons') list <head>'s children with Array.from on every style
// they add or update. Each index and length read of jsdom's HTMLCollection proxy first asks namedItem, which walks the
// whole collection: quadratic in the hundreds of <style> elements antd leaves in a test's document. The same lookup,
// from a map built once per version of the collection (jsdom bumps it on any change below its root, attributes too).
import { createRequire } from 'node:module';

const jsdomRequire = createRequire(createRequire(createRequire(import.meta.url).resolve('jest-environment-jsdom')).resolve('jsdom'));
const { implementation: HTMLCollectionImpl } = jsdomRequire('./jsdom/living/nodes/HTMLCollection-impl.js');
const { HTML_NS } = jsdomRequire('./jsdom/living/helpers/namespaces.js');

const named = new WeakMap();

HTMLCollectionImpl.prototype.namedItem = function namedItem(key) {
  if (key === '') return null;
  this._update();
  let items = named.get(this);
  if (items?.version !== this._version) {
    items = { version: this._version, byKey: new Map() };
    for (const element of this._list) {
      const keys = [element.getAttributeNS(null, 'id'), element._namespaceURI === HTML_NS ? element.getAttributeNS(null, 'name') : null];
      for (const found of keys) if (found !== null && !items.byKey.has(found)) items.byKey.set(found, element);
    }
    named.set(this, items);
  }
  return items.byKey.get(key) ?? null;
};
