import { z } from 'zod';
import { salvageReply } from './reply-salvage.js';

const Row = z.object({ id: z.string(), rent: z.number().int().nullable(), tags: z.array(z.object({ name: z.string() })) });
const Page = z.object({ items: z.array(Row), total: z.number() });

describe('salvageReply', () => {
  it('passes a reply that fits untouched', () => {
    const page = { items: [{ id: 'a', rent: 1, tags: [] }], total: 1 };
    expect(salvageReply(Page, page)).toEqual({ ok: true, data: page, repairs: null });
  });

  it('clears a bad value where the field may be empty, keeping the row', () => {
    const result = salvageReply(Page, { items: [{ id: 'a', rent: 1e20, tags: [] }], total: 1 });
    expect(result).toEqual({ ok: true, data: { items: [{ id: 'a', rent: null, tags: [] }], total: 1 }, repairs: { cleared: ['items.0.rent'], dropped: [] } });
  });

  it('leaves out the innermost list entry whose value cannot be cleared', () => {
    const result = salvageReply(Page, { items: [{ id: 'a', rent: 1, tags: [{ name: 'x' }, { name: 5 }] }, { id: 7, rent: 1, tags: [] }], total: 2 });
    expect(result).toEqual({
      ok: true,
      data: { items: [{ id: 'a', rent: 1, tags: [{ name: 'x' }] }], total: 2 },
      repairs: { cleared: [], dropped: ['items.0.tags.1', 'items.1'] },
    });
  });

  it('does not mend a reply whose own shape is wrong', () => {
    expect(salvageReply(Page, { items: 'nope', total: 1 })).toMatchObject({ ok: false });
    expect(salvageReply(Page, null)).toMatchObject({ ok: false });
  });
});
