import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';

/** One file of a data folder that parsed and passed its schema: its name without extension, and its data. */
export interface DataFile<T> {
  name: string;
  data: T;
}

export interface DataFolder<T> {
  files: DataFile<T>[];
  /** Each problem as "<file>: <what>", for the caller's error: an unreadable file, invalid YAML or JSON, a schema issue. */
  problems: string[];
}

/**
 * The files of `dir` with one of `extensions` (`.yaml`, `.yml`, `.json`), in name order, each parsed and checked by
 * `schema`; a file that fails is left out and named in `problems`, so the caller can refuse the folder with every
 * problem at once (an operator fixes them in one go). A missing folder is a problem too.
 */
export function readDataFolder<Schema extends z.ZodType>(dir: string, schema: Schema, extensions: readonly string[]): DataFolder<z.output<Schema>> {
  if (!existsSync(dir)) return { files: [], problems: [`the folder ${dir} does not exist`] };
  const files: DataFile<z.output<Schema>>[] = [];
  const problems: string[] = [];
  for (const file of readdirSync(dir).filter((each) => extensions.includes(extname(each))).sort()) {
    let raw: unknown;
    try {
      const text = readFileSync(join(dir, file), 'utf8');
      raw = extname(file) === '.json' ? JSON.parse(text) : parseYaml(text);
    } catch (error) {
      problems.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      problems.push(...parsed.error.issues.map((issue) => `${file}: ${issue.path.join('.') || '(file)'}: ${issue.message}`));
      continue;
    }
    files.push({ name: basename(file, extname(file)), data: parsed.data });
  }
  return { files, problems };
}
