import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { AnswerFact } from '../answering/index.js';
import { readDataFolder } from '../data-folders/read-data-folder.js';

/**
 * Terri's area facts: what a city or a state's residents ask about (trash day, the bus, animal control, property
 * taxes, a tenant's rights) as data an operator loads, one pack per file, each fact naming its public source. The
 * format is documented in the service README ("Terri's area facts").
 */
const slug = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const AreaFactSourceSchema = z.strictObject({
  /** The publisher and page, or the statute ("California Civil Code section 1950.5"). */
  name: z.string().trim().min(3).max(300),
  url: z.url({ protocol: /^https$/, error: 'url must be an https address' }).max(500).optional(),
});

export const AreaFactSchema = z
  .strictObject({
    id: z.string().regex(slug, 'id must be lower-case words joined by hyphens'),
    title: z.string().trim().min(3).max(150),
    /** One to a few plain sentences: what Terri may say, word for word. */
    text: z.string().trim().min(10).max(1_000),
    /** A question this fact answers, offered as a starter question to people in the area. */
    question: z.string().trim().min(5).max(150).endsWith('?', 'question must end with a question mark').optional(),
    source: AreaFactSourceSchema.optional(),
    /** Sample data, not a verified fact: Terri names it so on the source chip. */
    sample: z.literal(true).optional(),
  })
  .refine((fact) => (fact.source === undefined) !== (fact.sample === undefined), 'a fact names its public source (source) or is marked sample: true, not both');
export type AreaFact = z.infer<typeof AreaFactSchema>;

export const AreaFactsPackSchema = z.strictObject({
  area: z.strictObject({
    /** How people name the area ("Portland, Oregon"). */
    name: z.string().trim().min(2).max(100),
    /** The two-letter US state of the addresses the pack is for. */
    state: z.string().regex(/^[A-Z]{2}$/, 'state must be a two-letter US state code such as OR'),
    /** The cities of the addresses it is for; left out, the whole state. */
    cities: z.array(z.string().trim().min(1).max(100)).min(1).optional(),
  }),
  facts: z
    .array(AreaFactSchema)
    .min(1)
    .refine((facts) => new Set(facts.map((fact) => fact.id)).size === facts.length, 'fact ids must be unique within a pack'),
});
export type AreaFactsPack = z.infer<typeof AreaFactsPackSchema> & { id: string };

/** The packs that ship with the service: the demo's cities (San Diego, Portland, Austin) and their states. */
export function defaultAreaFactsDir(): string {
  // dist/terri → dist/area-facts (the build copies them there); src/terri → the service's area-facts folder.
  const candidates = [resolve(import.meta.dirname, '../area-facts'), resolve(import.meta.dirname, '../../area-facts')];
  return candidates.find((dir) => existsSync(dir)) ?? candidates[1]!;
}

export class InvalidAreaFactsError extends Error {
  constructor(problems: readonly string[]) {
    super(`Invalid Terri area facts: ${problems.join('; ')}`);
    this.name = 'InvalidAreaFactsError';
  }
}

/**
 * Every pack of `dir` (`*.yaml`, `*.yml`, `*.json`; the file name without extension is the pack's id). Throws, naming
 * each file and every problem, when a pack is unreadable or invalid, or the folder is missing: a service with a
 * broken pack does not start, as with a bad environment variable.
 */
export function loadAreaFacts(dir: string): AreaFactsPack[] {
  const { files, problems } = readDataFolder(dir, AreaFactsPackSchema, ['.yaml', '.yml', '.json']);
  const packs: AreaFactsPack[] = files.map(({ name, data }) => ({ ...data, id: name }));
  const ids = packs.map((pack) => pack.id);
  for (const id of ids.filter((each, index) => ids.indexOf(each) !== index)) problems.push(`two packs are named ${id}`);
  if (problems.length > 0) throw new InvalidAreaFactsError(problems);
  return packs;
}

/** "St. Louis", "st louis" and "ST LOUIS" are one city. */
function placeKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The packs' facts for an address: its state's packs, then its city's. */
export class AreaFacts {
  constructor(readonly packs: readonly AreaFactsPack[]) {}

  /** The packs covering a home in `city`, `state`: state-wide packs first. */
  packsFor(place: { city: string; state: string } | null | undefined): AreaFactsPack[] {
    if (!place) return [];
    const state = place.state.trim().toUpperCase();
    const city = placeKey(place.city);
    const covering = this.packs.filter((pack) => pack.area.state === state && (pack.area.cities === undefined || pack.area.cities.some((name) => placeKey(name) === city)));
    return [...covering.filter((pack) => pack.area.cities === undefined), ...covering.filter((pack) => pack.area.cities !== undefined)];
  }

  /** What Terri may answer from about the area, as facts it cites with their sources. */
  factsFor(place: { city: string; state: string } | null | undefined): AnswerFact[] {
    return this.packsFor(place).flatMap((pack) =>
      pack.facts.map((fact) => ({
        id: `area:${pack.id}:${fact.id}`,
        kind: 'area',
        title: fact.sample ? `${fact.title} (sample data)` : fact.title,
        text: fact.text,
        ...(fact.source?.url === undefined ? {} : { link: fact.source.url }),
      })),
    );
  }

  /** The questions the area's facts answer, city first (more particular), each once. */
  questionsFor(place: { city: string; state: string } | null | undefined): string[] {
    const packs = this.packsFor(place);
    const ordered = [...packs.filter((pack) => pack.area.cities !== undefined), ...packs.filter((pack) => pack.area.cities === undefined)];
    return [...new Set(ordered.flatMap((pack) => pack.facts.flatMap((fact) => (fact.question === undefined ? [] : [fact.question]))))];
  }
}
