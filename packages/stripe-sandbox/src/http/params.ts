// Stripe's v1 wire format: application/x-www-form-urlencoded with bracket notation (`a[b][0][c]=v`, `expand[]=x`),
// also used in query strings. Values are strings; readers below coerce and validate them with Stripe's messages,
// naming each parameter the way Stripe does (`line_items[0][price_data][currency]`).
import { invalidRequest, missingParam, unknownParam } from './stripe-error.js';

export type ParamValue = string | ParamMap | ParamValue[];
export interface ParamMap {
  [key: string]: ParamValue;
}

/** Parses a form or query string into nested maps and arrays (maps whose keys are all indices become arrays). */
export function parseForm(text: string): ParamMap {
  const root: ParamMap = {};
  if (!text) return root;
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const key = decode(rawKey);
    const value = decode(rawValue);
    const path = keyPath(key);
    if (!path) throw invalidRequest(`Invalid parameter name: ${key}`);
    assign(root, path, value);
  }
  return toArrays(root) as ParamMap;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw invalidRequest('The request body could not be decoded as application/x-www-form-urlencoded.');
  }
}

function keyPath(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1]!, ...rest];
}

function assign(root: ParamMap, path: string[], value: string): void {
  let node: ParamMap = root;
  for (let i = 0; i < path.length; i++) {
    let segment = path[i]!;
    if (segment === '') segment = String(Object.keys(node).length);
    const last = i === path.length - 1;
    if (last) {
      node[segment] = value;
      return;
    }
    const next = node[segment];
    if (next === undefined || typeof next === 'string') {
      const created: ParamMap = {};
      node[segment] = created;
      node = created;
    } else {
      node = next as ParamMap;
    }
  }
}

function toArrays(value: ParamValue): ParamValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: ParamMap = {};
  for (const k of keys) converted[k] = toArrays(value[k]!);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]!);
  }
  return converted;
}

/** Reads one level of parameters; `only` refuses names the sandbox does not know, as Stripe refuses unknown ones. */
export class Params {
  constructor(
    readonly map: ParamMap,
    private readonly prefix = '',
  ) {}

  static empty(): Params {
    return new Params({});
  }

  nameOf(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.map[key] !== undefined;
  }

  keys(): string[] {
    return Object.keys(this.map);
  }

  only(allowed: readonly string[]): this {
    for (const key of Object.keys(this.map)) {
      if (key === 'expand' && !this.prefix) continue;
      if (!allowed.includes(key)) throw unknownParam(this.nameOf(key));
    }
    return this;
  }

  private raw(key: string): string | undefined {
    const value = this.map[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidRequest(`Invalid value for ${this.nameOf(key)}: expected a string.`, this.nameOf(key));
    return value;
  }

  string(key: string, options: { maxLength?: number } = {}): string | undefined {
    const value = this.raw(key);
    if (value === undefined || value === '') return undefined;
    if (options.maxLength !== undefined && value.length > options.maxLength) {
      throw invalidRequest(`Invalid ${this.nameOf(key)}: must be at most ${options.maxLength} characters`, this.nameOf(key));
    }
    return value;
  }

  /** `''` is Stripe's way to clear a value on update: it reads as `null`. */
  nullableString(key: string): string | null | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    return value === '' ? null : value;
  }

  requiredString(key: string, options: { maxLength?: number } = {}): string {
    const value = this.string(key, options);
    if (value === undefined) throw missingParam(this.nameOf(key));
    return value;
  }

  int(key: string, options: { min?: number } = {}): number | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, this.nameOf(key), 'parameter_invalid_integer');
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw invalidRequest(`Invalid integer: ${value}`, this.nameOf(key), 'parameter_invalid_integer');
    if (options.min !== undefined && n < options.min) {
      throw invalidRequest(`This value must be greater than or equal to ${options.min}.`, this.nameOf(key));
    }
    return n;
  }

  requiredInt(key: string, options: { min?: number } = {}): number {
    const value = this.int(key, options);
    if (value === undefined) throw missingParam(this.nameOf(key));
    return value;
  }

  bool(key: string): boolean | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw invalidRequest(`Invalid boolean: ${value}`, this.nameOf(key));
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) {
      throw invalidRequest(`Invalid ${this.nameOf(key)}: must be one of ${listOf(values)}`, this.nameOf(key));
    }
    return value as T;
  }

  /** A list given as `k[0]=a&k[1]=b`, `k[]=a`, or a single `k=a`. */
  strings(key: string): string[] | undefined {
    const value = this.map[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value === '' ? [] : [value];
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
      throw invalidRequest(`Invalid array: ${this.nameOf(key)}`, this.nameOf(key));
    }
    return value as string[];
  }

  child(key: string): Params | undefined {
    const value = this.map[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value === 'string' || Array.isArray(value)) {
      throw invalidRequest(`Invalid object: ${this.nameOf(key)}`, this.nameOf(key));
    }
    return new Params(value, this.nameOf(key));
  }

  children(key: string): Params[] | undefined {
    const value = this.map[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw invalidRequest(`Invalid array: ${this.nameOf(key)}`, this.nameOf(key));
    return value.map((item, i) => {
      if (typeof item === 'string' || Array.isArray(item)) {
        throw invalidRequest(`Invalid object: ${this.nameOf(key)}[${i}]`, `${this.nameOf(key)}[${i}]`);
      }
      return new Params(item, `${this.nameOf(key)}[${i}]`);
    });
  }

  /** Stripe's metadata rules: at most 50 keys, keys up to 40 characters, values up to 500; `''` clears a key. */
  metadata(key = 'metadata'): Record<string, string> | undefined {
    const value = this.map[key];
    if (value === undefined) return undefined;
    if (value === '') return {};
    if (typeof value === 'string' || Array.isArray(value)) throw invalidRequest(`Invalid object: ${this.nameOf(key)}`, this.nameOf(key));
    const entries = Object.entries(value);
    if (entries.length > 50) throw invalidRequest('Invalid metadata: metadata must have at most 50 keys', this.nameOf(key));
    const result: Record<string, string> = {};
    for (const [k, v] of entries) {
      if (typeof v !== 'string') throw invalidRequest(`Invalid value for ${this.nameOf(key)}[${k}]: expected a string.`, `${this.nameOf(key)}[${k}]`);
      if (k.length > 40) throw invalidRequest(`Invalid metadata: keys can be at most 40 characters long (${k})`, this.nameOf(key));
      if (v.length > 500) throw invalidRequest(`Invalid metadata: values can be at most 500 characters long (${k})`, this.nameOf(key));
      result[k] = v;
    }
    return result;
  }
}

export function listOf(values: readonly string[]): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')}, or ${values[values.length - 1]}`;
}

/** Applies a metadata update the way Stripe does: keys set to `''` are removed, others merged. */
export function mergeMetadata(current: Record<string, string>, update: Record<string, string>): Record<string, string> {
  if (Object.keys(update).length === 0) return {};
  const merged = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === '') delete merged[k];
    else merged[k] = v;
  }
  return merged;
}
