import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailTemplateSlugSchema, type EmailTemplate as EmailTemplateView, type EmailTemplateSlug } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { Building } from '../buildings/building.entity.js';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_TEMPLATE_SLUGS } from './default-email-templates.js';
import { EmailTemplate } from './email-template.entity.js';

/** A building's e-mail templates: the product's defaults, each replaced by the building's own version when it has one. */
@Injectable()
export class EmailTemplates {
  async list(em: EntityManager, building: Building): Promise<EmailTemplateView[]> {
    const own = new Map((await em.find(EmailTemplate, { buildingId: building.id })).map((t) => [t.slug, t]));
    return EMAIL_TEMPLATE_SLUGS.map((slug) => {
      const mine = own.get(slug);
      return mine ? toView(mine, slug) : defaultView(slug);
    });
  }

  async resolve(em: EntityManager, building: Building, slug: EmailTemplateSlug): Promise<EmailTemplateView> {
    const mine = await em.findOne(EmailTemplate, { buildingId: building.id, slug });
    return mine ? toView(mine, slug) : defaultView(slug);
  }

  /** Writes the building's own version (flush is the caller's). */
  async save(em: EntityManager, building: Building, slug: EmailTemplateSlug, text: { subject: string; body: string }, now = new Date()): Promise<EmailTemplateView> {
    const mine = await em.findOne(EmailTemplate, { buildingId: building.id, slug });
    if (mine) {
      mine.subject = text.subject;
      mine.body = text.body;
      mine.updatedAt = now;
      return toView(mine, slug);
    }
    const created = em.create(EmailTemplate, {
      id: uuidv7(),
      accountId: building.accountId,
      buildingId: building.id,
      slug,
      name: DEFAULT_EMAIL_TEMPLATES[slug].name,
      ...text,
      createdAt: now,
      updatedAt: now,
    });
    return toView(created, slug);
  }

  static slugOf(value: string): EmailTemplateSlug | null {
    const parsed = EmailTemplateSlugSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  }
}

function toView(template: EmailTemplate, slug: EmailTemplateSlug): EmailTemplateView {
  return { id: template.id, slug, name: template.name, subject: template.subject, body: template.body };
}

function defaultView(slug: EmailTemplateSlug): EmailTemplateView {
  return { id: `default:${slug}`, slug, ...DEFAULT_EMAIL_TEMPLATES[slug] };
}
