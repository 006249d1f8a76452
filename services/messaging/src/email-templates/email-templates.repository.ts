import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailTemplateSlugSchema, type EmailTemplate as EmailTemplateView, type EmailTemplateSlug } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import { table } from '../routing/routing-tables.js';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_TEMPLATE_SLUGS } from './default-email-templates.js';

interface TemplateRow {
  id: string;
  slug: EmailTemplateSlug;
  name: string;
  subject: string;
  body: string;
}

/** A building of messaging's copy: where it is, whose it is. */
export interface BuildingRef {
  buildingId: string;
  locationId: string;
  accountId: string;
}

/**
 * A building's e-mail templates (the product's defaults, each replaced by the building's own version when it has one)
 * and its signature, and messaging's copy of which location each building belongs to.
 */
@Injectable()
export class EmailTemplatesRepository {
  async list(em: EntityManager, buildingId: string): Promise<EmailTemplateView[]> {
    const rows = await em.execute<TemplateRow[]>(`select id, slug, name, subject, body from ${table(em, 'email_template')} where building_id = ?`, [buildingId]);
    const own = new Map(rows.map((t) => [t.slug, t]));
    return EMAIL_TEMPLATE_SLUGS.map((slug) => toView(own.get(slug)) ?? defaultView(slug));
  }

  async resolve(em: EntityManager, buildingId: string, slug: EmailTemplateSlug): Promise<EmailTemplateView> {
    const [row] = await em.execute<TemplateRow[]>(`select id, slug, name, subject, body from ${table(em, 'email_template')} where building_id = ? and slug = ?`, [buildingId, slug]);
    return toView(row) ?? defaultView(slug);
  }

  /** Writes the building's own version of one e-mail; the default stays for every other building. */
  async save(em: EntityManager, building: BuildingRef, slug: EmailTemplateSlug, text: { subject: string; body: string }, now = new Date()): Promise<EmailTemplateView> {
    const [row] = await em.execute<TemplateRow[]>(
      `insert into ${table(em, 'email_template')} (id, account_id, building_id, slug, name, subject, body, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (building_id, slug) do update set subject = excluded.subject, body = excluded.body, updated_at = excluded.updated_at
       returning id, slug, name, subject, body`,
      [uuidv7(), building.accountId, building.buildingId, slug, DEFAULT_EMAIL_TEMPLATES[slug].name, text.subject, text.body, now, now],
    );
    return toView(row)!;
  }

  /** The building's signature, or null when it has none. */
  async signature(em: EntityManager, buildingId: string): Promise<string | null> {
    const [row] = await em.execute<{ signature: string }[]>(`select signature from ${table(em, 'building_signature')} where building_id = ?`, [buildingId]);
    return row?.signature ?? null;
  }

  /** An empty (or blank) signature goes back to none. */
  async saveSignature(em: EntityManager, buildingId: string, signature: string | null, actor: string, now = new Date()): Promise<string | null> {
    const t = table(em, 'building_signature');
    if (!signature?.trim()) {
      await em.execute(`delete from ${t} where building_id = ?`, [buildingId], 'run');
      return null;
    }
    await em.execute(
      `insert into ${t} (building_id, signature, updated_at, updated_by) values (?, ?, ?, ?)
       on conflict (building_id) do update set signature = excluded.signature, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      [buildingId, signature, now, actor],
      'run',
    );
    return signature;
  }

  /**
   * The signature under what is sent to a tenant: their building's; without a building (an unknown sender) or when it
   * has none, the location's default, the signature of its first building that has one.
   */
  async signatureFor(em: EntityManager, locationId: string, buildingId: string | null): Promise<string | null> {
    const [row] = await em.execute<{ signature: string }[]>(
      `select s.signature from ${table(em, 'building_signature')} s join ${table(em, 'building_directory')} b on b.building_id = s.building_id
        where b.location_id = ? order by s.building_id = ? desc nulls last, b.building_id limit 1`,
      [locationId, buildingId],
    );
    return row?.signature ?? null;
  }

  async building(em: EntityManager, buildingId: string): Promise<BuildingRef | null> {
    const [row] = await em.execute<{ building_id: string; location_id: string; account_id: string }[]>(
      `select building_id, location_id, account_id from ${table(em, 'building_directory')} where building_id = ?`,
      [buildingId],
    );
    return row ? { buildingId: row.building_id, locationId: row.location_id, accountId: row.account_id } : null;
  }

  /** From portfolio's building events: a building's location never changes, so the first word stands. */
  async saveBuilding(em: EntityManager, building: BuildingRef, stamp: string): Promise<void> {
    await em.execute(
      `insert into ${table(em, 'building_directory')} (building_id, location_id, account_id, stamp) values (?, ?, ?, ?) on conflict (building_id) do nothing`,
      [building.buildingId, building.locationId, building.accountId, stamp],
      'run',
    );
  }

  /** Portfolio's hand-over: what messaging already has is newer (written here since), so only the missing rows are taken. */
  async takeOver(
    em: EntityManager,
    building: BuildingRef,
    signature: string | null,
    templates: readonly { slug: string; name: string; subject: string; body: string; createdAt: string; updatedAt: string }[],
  ): Promise<void> {
    if (signature?.trim()) {
      await em.execute(
        `insert into ${table(em, 'building_signature')} (building_id, signature, updated_at, updated_by) values (?, ?, now(), null) on conflict (building_id) do nothing`,
        [building.buildingId, signature],
        'run',
      );
    }
    for (const t of templates) {
      if (!EmailTemplateSlugSchema.safeParse(t.slug).success) continue;
      await em.execute(
        `insert into ${table(em, 'email_template')} (id, account_id, building_id, slug, name, subject, body, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (building_id, slug) do nothing`,
        [uuidv7(), building.accountId, building.buildingId, t.slug, t.name, t.subject, t.body, new Date(t.createdAt), new Date(t.updatedAt)],
        'run',
      );
    }
  }

  static slugOf(value: string): EmailTemplateSlug | null {
    const parsed = EmailTemplateSlugSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  }
}

function toView(row: TemplateRow | undefined): EmailTemplateView | undefined {
  return row && { id: row.id, slug: row.slug, name: row.name, subject: row.subject, body: row.body };
}

function defaultView(slug: EmailTemplateSlug): EmailTemplateView {
  return { id: `default:${slug}`, slug, ...DEFAULT_EMAIL_TEMPLATES[slug] };
}
