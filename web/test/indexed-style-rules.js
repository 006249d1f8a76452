// jsdom computes an element's style by testing every rule of every style sheet against it. antd's CSS-in-JS puts
// thousands of rules in the document and Testing Library asks for the computed style of each element it considers
// (and of its ancestors) on every role and name query, so profiles of the slowest web tests showed getComputedStyle
// as the largest share of their time, nearly all of it in selectors that could never match.
//
// This replaces jsdom's getDeclarationForElement (in the outer realm, before jsdom's Window module binds it) with the
// same cascade over an index, as browsers do: each selector is filed under the id, a class or the tag of its
// rightmost compound, and only rules filed under something the element has reach nwsapi, which still decides.
// Anything the index cannot read for sure (escapes, namespaces, rules that are not style rules) is tested against every
// element, as before. Rules mutated through the CSSOM (insertRule, deleteRule) drop every index; antd rewrites whole
// <style> elements, which jsdom parses into new sheets. A sheet's @media lists are read when it is indexed.
import { createRequire } from 'node:module';

const jsdomRequire = createRequire(createRequire(createRequire(import.meta.url).resolve('jest-environment-jsdom')).resolve('jsdom'));
const styleRules = jsdomRequire('./jsdom/living/helpers/style-rules.js');
const { matchesDontThrow } = jsdomRequire('./jsdom/living/helpers/selectors.js');
const { getAttributeValue } = jsdomRequire('./jsdom/living/attributes.js');
const defaultStyleSheet = jsdomRequire('./jsdom/browser/default-stylesheet.js');
const cssom = jsdomRequire('rrweb-cssom');
const { CSSStyleDeclaration } = jsdomRequire('cssstyle');

const patched = Symbol.for('pm.indexed-style-rules');

if (!styleRules[patched]) {
  if (jsdomRequire.cache[jsdomRequire.resolve('./jsdom/browser/Window.js')]) {
    throw new Error("jsdom's Window module was loaded before its style rules were indexed: import this module first");
  }
  styleRules[patched] = true;
  styleRules.getDeclarationForElement = getDeclarationForElement;

  for (const type of [cssom.CSSStyleSheet, cssom.CSSGroupingRule]) {
    for (const method of ['insertRule', 'deleteRule']) {
      const original = type.prototype[method];
      type.prototype[method] = function (...args) {
        cssomGeneration += 1;
        return original.apply(this, args);
      };
    }
  }
}

let cssomGeneration = 0;
let parsedDefaultStyleSheet;
const indexes = new WeakMap();

// The cascade of jsdom 26's getDeclarationForElement (lib/jsdom/living/helpers/style-rules.js), rules from the index.
function getDeclarationForElement(elementImpl) {
  const document = elementImpl._ownerDocument;
  let styleCache = document._styleCache;
  if (!styleCache) styleCache = document._styleCache = new WeakMap();

  const cached = styleCache.get(elementImpl);
  if (cached) return cached;

  const declaration = new CSSStyleDeclaration();
  const handleProperty = (style, property) => {
    const value = style.getPropertyValue(property);
    if (value === 'unset') declaration.removeProperty(property);
    else declaration.setProperty(property, value, style.getPropertyPriority(property));
  };

  parsedDefaultStyleSheet ??= cssom.parse(defaultStyleSheet);
  for (const sheet of [parsedDefaultStyleSheet, ...document.styleSheets._list]) {
    for (const rule of matchingRules(indexOf(sheet), elementImpl)) {
      for (const property of Array.from(rule.style)) handleProperty(rule.style, property);
    }
  }
  for (const property of Array.from(elementImpl.style)) handleProperty(elementImpl.style, property);

  styleCache.set(elementImpl, declaration);
  return declaration;
}

function matchingRules(index, elementImpl) {
  const id = getAttributeValue(elementImpl, 'id');
  const classes = classesOf(elementImpl);
  const tag = elementImpl._localName.toLowerCase();
  const candidates = new Set(index.always);
  const add = (entries) => {
    for (const entry of entries ?? []) {
      if (candidates.has(entry.rule)) continue;
      if (entry.id !== null && entry.id !== id?.toLowerCase()) continue;
      if (entry.tag !== null && entry.tag !== tag) continue;
      if (entry.classes.every((name) => classes.has(name))) candidates.add(entry.rule);
    }
  };
  if (id) add(index.byId.get(id.toLowerCase()));
  for (const name of classes) add(index.byClass.get(name));
  add(index.byTag.get(tag));

  const ordered = candidates.size > 1 ? [...candidates].sort((a, b) => index.order.get(a) - index.order.get(b)) : candidates;
  const matched = [];
  for (const rule of ordered) if (matchesDontThrow(elementImpl, rule.selectorText)) matched.push(rule);
  return matched;
}

function classesOf(elementImpl) {
  const value = getAttributeValue(elementImpl, 'class');
  return new Set(value ? value.toLowerCase().split(/[\t\n\f\r ]+/).filter(Boolean) : []);
}

function indexOf(sheet) {
  const known = indexes.get(sheet);
  if (known && known.generation === cssomGeneration && known.length === sheet.cssRules.length) return known;

  // The rules jsdom tests, in its order: each top-level rule, and the rules inside @media blocks for screens.
  const rules = [];
  for (const rule of Array.from(sheet.cssRules)) {
    if (rule.media) {
      if (Array.from(rule.media).includes('screen')) rules.push(...Array.from(rule.cssRules));
    } else {
      rules.push(rule);
    }
  }

  const selectors = rules.map((rule) => (typeof rule.selectorText === 'string' ? rightmostCompounds(rule.selectorText) : null));
  // A selector is filed under its rarest class: most of antd's share its theme's hash class.
  const classUse = new Map();
  for (const compounds of selectors) for (const compound of compounds ?? []) for (const name of compound?.classes ?? []) classUse.set(name, (classUse.get(name) ?? 0) + 1);

  const index = { generation: cssomGeneration, length: sheet.cssRules.length, order: new Map(), always: [], byId: new Map(), byClass: new Map(), byTag: new Map() };
  const file = (map, key, entry) => {
    const entries = map.get(key);
    if (entries) entries.push(entry);
    else map.set(key, [entry]);
  };
  rules.forEach((rule, position) => {
    index.order.set(rule, position);
    const compounds = selectors[position];
    if (!compounds || compounds.some((compound) => compound === null || (!compound.id && !compound.classes.length && !compound.tag))) {
      index.always.push(rule);
      return;
    }
    for (const compound of compounds) {
      const entry = { rule, ...compound };
      if (compound.id) file(index.byId, compound.id, entry);
      else if (compound.classes.length) file(index.byClass, compound.classes.reduce((rarest, name) => (classUse.get(name) < classUse.get(rarest) ? name : rarest)), entry);
      else file(index.byTag, compound.tag, entry);
    }
  });
  indexes.set(sheet, index);
  return index;
}

/**
 * What an element must have to match each selector of a list: the id, classes and tag of the selector's rightmost
 * compound, outside any parentheses or brackets, lowercased (so it errs towards testing). null for a selector whose
 * compound this cannot read for sure.
 */
function rightmostCompounds(selectorList) {
  const compounds = [];
  let depth = 0;
  let quote = null;
  let start = 0;
  let compoundStart = 0;
  let afterCombinator = false;
  const finish = (end) => compounds.push(readCompound(selectorList.slice(compoundStart, end).trim()));
  for (let i = 0; i < selectorList.length; i += 1) {
    const char = selectorList[i];
    if (char === '\\') return selectorList.split(',').map(() => null);
    if (quote) {
      if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    if (depth > 0 || quote) {
      if (afterCombinator) {
        compoundStart = i;
        afterCombinator = false;
      }
      continue;
    }
    if (char === ',') {
      finish(i);
      start = compoundStart = i + 1;
      afterCombinator = false;
    } else if (/[\s>+~]/.test(char)) {
      if (i > start && selectorList.slice(start, i).trim()) afterCombinator = true;
    } else if (afterCombinator) {
      compoundStart = i;
      afterCombinator = false;
    }
  }
  if (depth !== 0 || quote) return null;
  finish(selectorList.length);
  return compounds;
}

function readCompound(compound) {
  if (!compound || /[|&\\]/.test(compound)) return null;
  let id = null;
  let tag = null;
  const classes = [];
  let depth = 0;
  let quote = null;
  for (let i = 0; i < compound.length; i += 1) {
    const char = compound[i];
    if (quote) {
      if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (depth === 0 && (char === '.' || char === '#' || (i === 0 && /[a-zA-Z]/.test(char)))) {
      const name = /^-?[_a-zA-Z\u00a0-\uffff][-_a-zA-Z0-9\u00a0-\uffff]*/.exec(compound.slice(char === '.' || char === '#' ? i + 1 : i))?.[0];
      if (!name) return null;
      if (char === '.') classes.push(name.toLowerCase());
      else if (char === '#') id = name.toLowerCase();
      else tag = name.toLowerCase();
      i += name.length - (char === '.' || char === '#' ? 0 : 1);
    }
  }
  return { id, tag, classes };
}
