import { ReplyDraftCompleted } from '../assistant/events/reply-draft-completed.js';
import { InboxDraftSchema, MessageDraftSchema } from './drafts.js';
import { GetMessageDraft } from './rpc/drafts.js';

const nearMiss = { kind: 'question' as const, id: '01937a20-0a1b-7c2d-8e3f-4a5b6c7d8e01', title: 'Is there a pool?', score: 0.31 };

describe('a draft\'s near misses', () => {
  it('reads an answer recorded before near misses existed as none', () => {
    const { nearMisses: _, ...stored } = ReplyDraftCompleted.fixture.draft!;
    const parsed = ReplyDraftCompleted.data.parse({ ...ReplyDraftCompleted.fixture, draft: stored });
    expect(parsed.draft?.nearMisses).toEqual([]);
  });

  it('carries them on the event, a draft version and an inbox item\'s draft', () => {
    const event = ReplyDraftCompleted.data.parse({ ...ReplyDraftCompleted.fixture, draft: { ...ReplyDraftCompleted.fixture.draft!, nearMisses: [nearMiss] } });
    expect(event.draft?.nearMisses).toEqual([nearMiss]);
    const [version] = GetMessageDraft.fixture.response.versions;
    expect(MessageDraftSchema.parse({ ...version, near_misses: [nearMiss] }).near_misses).toEqual([nearMiss]);
    const inbox = InboxDraftSchema.parse({ status: 'ready', version: 1, reply: 'The manager will get back to you.', failure: null, sources: [], near_misses: [nearMiss], outcome: 'not-covered' });
    expect(inbox).toMatchObject({ near_misses: [nearMiss], outcome: 'not-covered' });
  });

  it('reads an inbox draft without them (and without its outcome) as none', () => {
    expect(InboxDraftSchema.parse({ status: 'pending', version: 2, reply: null, failure: null, sources: [] })).toMatchObject({ near_misses: [], outcome: null });
  });

  it('keeps at most ten, as the sources', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...nearMiss, id: `q-${i}` }));
    expect(InboxDraftSchema.safeParse({ status: 'ready', version: 1, reply: 'x', failure: null, sources: [], near_misses: eleven, outcome: 'not-covered' }).success).toBe(false);
  });
});
