// Reading a JSON body or a query string field by field, collecting every problem before answering, as Paddle's
// validation does (one 400 `invalid_field` listing each field and what is wrong with it). A field the sandbox does not
// know is refused too, so an adapter using something the sandbox does not emulate finds out at once.
import { invalidFields, type FieldError } from './paddle-error.js';

type Json = unknown;

export class FieldReader {
  readonly errors: FieldError[];
  private readonly seen = new Set<string>();

  constructor(
    private readonly source: Record<string, Json>,
    private readonly prefix = '',
    errors?: FieldError[],
  ) {
    this.errors = errors ?? [];
  }

  private path(name: string): string {
    return `${this.prefix}${name}`;
  }

  fail(name: string, message: string): undefined {
    this.errors.push({ field: this.path(name), message });
    return undefined;
  }

  has(name: string): boolean {
    this.seen.add(name);
    return name in this.source;
  }

  raw(name: string): Json {
    this.seen.add(name);
    return this.source[name];
  }

  string(name: string, rule: { required?: boolean; max?: number; pattern?: RegExp; patternMessage?: string } = {}): string | undefined {
    const value = this.raw(name);
    if (value === undefined || value === null) return rule.required ? this.fail(name, 'must be provided as part of the request') : undefined;
    if (typeof value !== 'string') return this.fail(name, 'must be a string');
    if (rule.required && value.trim() === '') return this.fail(name, 'must not be empty');
    if (rule.max !== undefined && value.length > rule.max) return this.fail(name, `maximum length of ${rule.max} exceeded. provided value length ${value.length}`);
    if (rule.pattern && !rule.pattern.test(value)) return this.fail(name, rule.patternMessage ?? 'is not in the expected format');
    return value;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], required = false): T | undefined {
    const value = this.string(name, { required });
    if (value === undefined) return undefined;
    if (!allowed.includes(value as T)) return this.fail(name, `must be one of: ${allowed.join(', ')}`);
    return value as T;
  }

  integer(name: string, rule: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const value = this.raw(name);
    if (value === undefined || value === null) return rule.required ? this.fail(name, 'must be provided as part of the request') : undefined;
    if (typeof value !== 'number' || !Number.isInteger(value)) return this.fail(name, 'must be an integer');
    if (rule.min !== undefined && value < rule.min) return this.fail(name, `must be at least ${rule.min}`);
    if (rule.max !== undefined && value > rule.max) return this.fail(name, `must be at most ${rule.max}`);
    return value;
  }

  /** `custom_data`: an object of any JSON, or null. */
  customData(name: string): Record<string, Json> | null | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (value === null) return null;
    if (typeof value !== 'object' || Array.isArray(value)) return this.fail(name, 'must be a JSON object');
    return value as Record<string, Json>;
  }

  /** A nested object, read by `read` with its own reader (field paths `name.child`). */
  object<T>(name: string, read: (fields: FieldReader) => T, rule: { required?: boolean; nullable?: boolean } = {}): T | null | undefined {
    const value = this.raw(name);
    if (value === undefined || (value === null && !rule.nullable)) return rule.required || value === null ? this.fail(name, 'must be provided as an object') : undefined;
    if (value === null) return null;
    if (typeof value !== 'object' || Array.isArray(value)) return this.fail(name, 'must be an object');
    const nested = new FieldReader(value as Record<string, Json>, `${this.path(name)}.`, this.errors);
    const result = read(nested);
    nested.rejectUnread();
    return result;
  }

  /** A non-empty array of objects, each read by `read` (field paths `name[i].child`). */
  objects<T>(name: string, read: (fields: FieldReader) => T, rule: { required?: boolean; max?: number } = {}): T[] | undefined {
    const value = this.raw(name);
    if (value === undefined || value === null) return rule.required ? this.fail(name, 'must be provided as part of the request') : undefined;
    if (!Array.isArray(value) || value.length === 0) return this.fail(name, 'must be a non-empty array');
    if (rule.max !== undefined && value.length > rule.max) return this.fail(name, `must have at most ${rule.max} item${rule.max === 1 ? '' : 's'} in the sandbox`);
    return value.map((item: Json, i) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) return this.fail(`${name}[${i}]`, 'must be an object') as T;
      const nested = new FieldReader(item as Record<string, Json>, `${this.path(name)}[${i}].`, this.errors);
      const result = read(nested);
      nested.rejectUnread();
      return result;
    });
  }

  rejectUnread(): void {
    for (const key of Object.keys(this.source)) if (!this.seen.has(key)) this.fail(key, 'unknown field (not part of the request, or not emulated by the sandbox)');
  }

  /** Throws the collected problems as one 400 invalid_field, unknown fields included. */
  done(): void {
    this.rejectUnread();
    if (this.errors.length > 0) throw invalidFields(this.errors);
  }
}

/** A query string's fields: lists are comma-separated (`status=active,trialing`), as the SDK sends them. */
export class QueryReader {
  private readonly fields: FieldReader;

  constructor(query: URLSearchParams) {
    this.fields = new FieldReader(Object.fromEntries(query));
  }

  string(name: string): string | undefined {
    return this.fields.string(name);
  }

  list(name: string): string[] | undefined {
    const value = this.fields.string(name);
    return value === undefined ? undefined : value.split(',').filter(Boolean);
  }

  listOf<T extends string>(name: string, allowed: readonly T[]): T[] | undefined {
    const values = this.list(name);
    if (values === undefined) return undefined;
    const wrong = values.filter((v) => !allowed.includes(v as T));
    if (wrong.length > 0) return this.fields.fail(name, `must be one of: ${allowed.join(', ')} (got ${wrong.join(', ')})`);
    return values as T[];
  }

  integer(name: string, min: number, max: number): number | undefined {
    const value = this.fields.string(name);
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) return this.fields.fail(name, 'must be an integer');
    const n = Number(value);
    if (n < min || n > max) return this.fields.fail(name, `must be between ${min} and ${max}`);
    return n;
  }

  boolean(name: string): boolean | undefined {
    const value = this.fields.string(name);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') return this.fields.fail(name, 'must be true or false');
    return value === 'true';
  }

  done(): void {
    this.fields.done();
  }
}
