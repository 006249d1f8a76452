import { PropertyTypeSchema, QuestionSchema, RuleSchema, TENANT_INTENTS, TenantIntentSchema, type TenantIntent } from '@pm/contracts';
import { z } from 'zod';

/**
 * The assistant's evaluation set as data. Knowledge items keep portfolio's Q&A and rule shape (minus `location_id`,
 * implied by the knowledge base they sit in) so the runner can index them exactly as the assistant indexes a
 * location's knowledge; `toPortfolioKnowledge` adds the id back.
 */

/** Stable, human-readable ids: the expected answers refer to them, so renaming one is a change of the set. */
const StableIdSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'kebab-case id');

const IsoDateSchema = z.iso.date();

const NonBlank = z.string().trim().min(1);

export const KnowledgeQuestionSchema = QuestionSchema.omit({ location_id: true }).extend({
  id: StableIdSchema,
  question: NonBlank,
  answer: NonBlank,
});
export type KnowledgeQuestion = z.infer<typeof KnowledgeQuestionSchema>;

export const KnowledgeRuleSchema = RuleSchema.omit({ location_id: true }).extend({
  id: StableIdSchema,
  description: NonBlank,
  expected_output: NonBlank,
});
export type KnowledgeRule = z.infer<typeof KnowledgeRuleSchema>;

export const EvalPropertySchema = z.object({
  id: StableIdSchema,
  name: NonBlank,
  address_text: NonBlank,
  type: PropertyTypeSchema,
  declared_units_count: z.number().int().positive(),
  /** IANA zone: the local calendar that relative dates in this property's messages are counted in. */
  timezone: z.string().refine((zone) => isTimeZone(zone), 'unknown IANA time zone'),
});
export type EvalProperty = z.infer<typeof EvalPropertySchema>;

export const KnowledgeBaseSchema = z.object({
  property: EvalPropertySchema,
  questions: z.array(KnowledgeQuestionSchema).min(1),
  rules: z.array(KnowledgeRuleSchema),
});
export type KnowledgeBase = z.infer<typeof KnowledgeBaseSchema>;

/** The closed list of intents drafting acts on (`@pm/contracts`), which the set labels its messages with. */
export const INTENTS = TENANT_INTENTS;
export const IntentSchema = TenantIntentSchema;
export type Intent = TenantIntent;

/** How the message is written, so results can be broken down by it. */
export const MessageTraitSchema = z.enum(['typos', 'sms_shorthand', 'all_caps', 'mixed_language']);
export type MessageTrait = z.infer<typeof MessageTraitSchema>;

const Bcp47Schema = z.string().refine((tag) => isCanonicalLanguageTag(tag), 'canonical BCP-47 language tag');

/**
 * A relative date as data, so the expected date is checked by plain arithmetic rather than trusted:
 * - `in_days`: "tomorrow" (1), "day after tomorrow" (2), "in 3 days";
 * - `in_weeks`: "in 2 weeks" (14 days);
 * - `weekday`: "Friday", "this Friday", "on Friday": the first such day strictly after the reference date;
 *   `next: true` for "next Friday", used only where the coming Friday already lies in the next week, so it cannot
 *   also mean the week after (the set's tests check it);
 * - `day_of_next_month`: "the 1st of next month";
 * - `end_of_month`: "end of the month", the last day of the reference month.
 */
export const RelativeDateExpressionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('in_days'), days: z.number().int().positive() }),
  z.object({ kind: z.literal('in_weeks'), weeks: z.number().int().positive() }),
  z.object({ kind: z.literal('weekday'), weekday: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']), next: z.boolean().default(false) }),
  z.object({ kind: z.literal('day_of_next_month'), day: z.number().int().min(1).max(28) }),
  z.object({ kind: z.literal('end_of_month') }),
]);
export type RelativeDateExpression = z.infer<typeof RelativeDateExpressionSchema>;

export const ExpectedDatesSchema = z.object({
  /** When the message arrived, with the property's UTC offset: its date part is the local "today". */
  now: z.iso.datetime({ offset: true }),
  mentions: z
    .array(
      z.object({
        /** The words of the message that name the date, verbatim. */
        phrase: NonBlank,
        expression: RelativeDateExpressionSchema,
        date: IsoDateSchema,
      }),
    )
    .min(1),
});
export type ExpectedDates = z.infer<typeof ExpectedDatesSchema>;

/**
 * Which part of the set a message or lease belongs to. `tuning`: free to look at while working on the assistant.
 * `heldout`: written apart from the pipeline and never looked at while tuning it, so a score on it measures the
 * assistant rather than how well it was fitted to the set. Data written before the split are all `tuning`.
 */
export const SplitSchema = z.enum(['tuning', 'heldout']);
export type Split = z.infer<typeof SplitSchema>;

export const ExpectedReplySchema = z.object({
  /** Whether the property's knowledge answers the message; if not, the reply is the "manager will get back to you" fallback. */
  covered: z.boolean(),
  /** Knowledge item ids retrieval must return in its top 3; empty exactly when not covered. */
  relevant_items: z.array(StableIdSchema),
  /** Facts a correct reply states (numbers, times, names…); each appears in a relevant item. */
  must_contain: z.array(NonBlank),
  /** Plausible wrong facts a reply must not state; none appears in a relevant item. */
  must_not_contain: z.array(NonBlank),
  urgent: z.boolean(),
  intent: IntentSchema,
  dates: ExpectedDatesSchema.optional(),
  /**
   * For a permission question ("can I / may I / am I allowed to…") that a knowledge item answers: what the item says.
   * A permission question no item addresses is `covered: false` with no `permission`: answering "yes, you may" there
   * would be invented. Set only on covered messages.
   */
  permission: z.enum(['granted', 'forbidden']).optional(),
  /**
   * The message asks for something no knowledge item offers (a storage room, a waived fee, a visit today…): the reply
   * must not promise it, whether or not an item covers the rest of the message.
   */
  offer_bait: z.boolean().default(false),
});
export type ExpectedReply = z.infer<typeof ExpectedReplySchema>;

export const TenantMessageSchema = z.object({
  id: StableIdSchema,
  property_id: StableIdSchema,
  channel: z.enum(['sms', 'email']),
  /** E-mails only. */
  subject: NonBlank.optional(),
  text: NonBlank,
  language: Bcp47Schema,
  traits: z.array(MessageTraitSchema).default([]),
  split: SplitSchema.default('tuning'),
  expected: ExpectedReplySchema,
});
export type TenantMessage = z.infer<typeof TenantMessageSchema>;

export const MessageFileSchema = z.object({ messages: z.array(TenantMessageSchema).min(1) });

const MoneySchema = z.object({ amount: z.number().positive(), currency: z.literal('USD') });

const NoticeSchema = z.object({ amount: z.number().int().positive(), unit: z.enum(['days', 'months']) });

/**
 * What a reader must extract from a lease, exactly as the text states it. A fixed-term lease has an end date, a
 * notice period and the notice deadline computed from both. A month-to-month tenancy (`month_to_month: true`) has no
 * end date, hence no term in months and no notice deadline; its notice period, if stated, is the notice to end the
 * tenancy. A fixed-term lease that renews month to month after its term is not month-to-month.
 */
export const LeaseExpectedSchema = z
  .object({
    start_date: IsoDateSchema,
    end_date: IsoDateSchema.optional(),
    /** When the text states the term in months: end = start + term − 1 day. */
    term_months: z.number().int().positive().optional(),
    notice: NoticeSchema.optional(),
    /** The last day the tenant can give notice: end date minus the notice period (calendar arithmetic). */
    notice_deadline: IsoDateSchema.optional(),
    monthly_rent: MoneySchema,
    /** Day of the month rent is due. */
    rent_due_day: z.number().int().min(1).max(31),
    late_fee: MoneySchema.optional(),
    security_deposit: MoneySchema.optional(),
    /** The landlord as the text names the party (a company or a person), verbatim. */
    landlord: NonBlank.optional(),
    /** Every tenant named as a party, full names verbatim, in the order the text lists them. */
    tenants: z.array(NonBlank).min(1).optional(),
    /** The street address with the unit, verbatim. */
    premises: NonBlank.optional(),
    month_to_month: z.boolean().default(false),
    /**
     * Days after the due day on which rent is still on time: due on the 1st and late when received after the 5th is
     * 4; "a grace period of three (3) days" is 3.
     */
    grace_days: z.number().int().min(0).max(27).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.month_to_month) {
      if (e.end_date !== undefined) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'a month-to-month tenancy has no end date' });
      if (e.term_months !== undefined) ctx.addIssue({ code: 'custom', path: ['term_months'], message: 'a month-to-month tenancy has no term' });
    } else {
      if (e.end_date === undefined) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'a fixed-term lease has an end date' });
      if (e.notice === undefined) ctx.addIssue({ code: 'custom', path: ['notice'], message: 'a fixed-term lease has a notice period' });
    }
    const deadlineComputable = e.end_date !== undefined && e.notice !== undefined;
    if (deadlineComputable !== (e.notice_deadline !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['notice_deadline'],
        message: deadlineComputable ? 'an end date and a notice period give a notice deadline' : 'a notice deadline needs an end date and a notice period',
      });
    }
  });
export type LeaseExpected = z.infer<typeof LeaseExpectedSchema>;

export const LeaseExcerptSchema = z.object({
  id: StableIdSchema,
  language: Bcp47Schema,
  split: SplitSchema.default('tuning'),
  text: NonBlank,
  expected: LeaseExpectedSchema,
});
export type LeaseExcerpt = z.infer<typeof LeaseExcerptSchema>;

export const LeaseFileSchema = z.object({ leases: z.array(LeaseExcerptSchema).min(1) });

/** The whole set; referential integrity is part of validity, so a broken set never reaches a runner. */
export const EvaluationSetSchema = z
  .object({
    knowledge_bases: z.array(KnowledgeBaseSchema).min(1),
    messages: z.array(TenantMessageSchema).min(1),
    leases: z.array(LeaseExcerptSchema),
  })
  .superRefine((set, ctx) => {
    const itemsByProperty = new Map<string, Set<string>>();
    const seenItems = new Set<string>();
    for (const [index, kb] of set.knowledge_bases.entries()) {
      if (itemsByProperty.has(kb.property.id)) {
        ctx.addIssue({ code: 'custom', path: ['knowledge_bases', index, 'property', 'id'], message: `duplicate property id ${kb.property.id}` });
      }
      const ids = new Set<string>();
      for (const item of [...kb.questions, ...kb.rules]) {
        if (seenItems.has(item.id)) {
          ctx.addIssue({ code: 'custom', path: ['knowledge_bases', index], message: `duplicate knowledge item id ${item.id}` });
        }
        seenItems.add(item.id);
        ids.add(item.id);
      }
      itemsByProperty.set(kb.property.id, ids);
    }
    const seenMessages = new Set<string>();
    for (const [index, message] of set.messages.entries()) {
      const at = (...path: (string | number)[]): (string | number)[] => ['messages', index, ...path];
      if (seenMessages.has(message.id)) ctx.addIssue({ code: 'custom', path: at('id'), message: `duplicate message id ${message.id}` });
      seenMessages.add(message.id);
      const items = itemsByProperty.get(message.property_id);
      if (!items) {
        ctx.addIssue({ code: 'custom', path: at('property_id'), message: `unknown property ${message.property_id}` });
        continue;
      }
      for (const id of message.expected.relevant_items) {
        if (!items.has(id)) {
          ctx.addIssue({ code: 'custom', path: at('expected', 'relevant_items'), message: `${id} is not in ${message.property_id}'s knowledge base` });
        }
      }
      const { covered, relevant_items } = message.expected;
      if (covered !== relevant_items.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: at('expected', 'relevant_items'),
          message: covered ? 'a covered message names at least one relevant item' : 'a message the knowledge does not cover has no relevant items',
        });
      }
      if (message.expected.permission !== undefined && !covered) {
        ctx.addIssue({ code: 'custom', path: at('expected', 'permission'), message: 'a permission question no item answers is not covered and has no permission' });
      }
      if ((message.channel === 'email') !== (message.subject !== undefined)) {
        ctx.addIssue({ code: 'custom', path: at('subject'), message: 'e-mails have a subject, text messages none' });
      }
    }
    const seenLeases = new Set<string>();
    for (const [index, lease] of set.leases.entries()) {
      if (seenLeases.has(lease.id)) ctx.addIssue({ code: 'custom', path: ['leases', index, 'id'], message: `duplicate lease id ${lease.id}` });
      seenLeases.add(lease.id);
    }
  });
export type EvaluationSet = z.infer<typeof EvaluationSetSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function isCanonicalLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag)[0] === tag;
  } catch {
    return false;
  }
}
