import { demoConversations, demoSpanishHazardThreadKey, demoUrgentThreadKey } from './demo-conversations.data.ts';
import { type DemoAccountClient, demoAccountClient, type InboxItem, inboxOf, localModelsVerified, settledDrafts, threadItems } from './demo-account.testing.ts';

/**
 * The demo's AI drafts, checked after the browser journeys on the same platform (the platform tests' sequencer runs
 * this file last): the assistant drafts the demo's backlog in the background while the journeys run, so no journey
 * and no other check waits for it. The journeys draft messages of their own and leave the demo's threads alone.
 */

let client: DemoAccountClient;

beforeAll(async () => {
  client = await demoAccountClient();
});

describe('the demo account after npm start, once the assistant has drafted its backlog', () => {
  it('gives the messages drafts in every state: edited, regenerated, and ready with the models, or failed with the reason without them; the leak URGENT either way', async () => {
    const byThread = await settledDrafts(client);
    const edited = demoConversations.find((thread) => thread.actions.some((a) => a.kind === 'edit'))!;
    const [current] = byThread.get(edited.key)!;
    expect(current).toMatchObject({ origin: 'edit', status: 'ready', reply: (edited.actions.find((a) => a.kind === 'edit') as { text: string }).text });
    const regenerated = demoConversations.find((thread) => thread.actions.some((a) => a.kind === 'regenerate'))!;
    expect(byThread.get(regenerated.key)!.map((version) => version.origin)).toEqual(['regenerate', 'ai']);

    const aiVersions = [...byThread.values()].flatMap((versions) => versions.filter((version) => version.origin !== 'edit'));
    const harborView = (await client.get<{ id: string; name: string }[]>('property-location/all')).find((l) => l.name === 'Harbor View Apartments')!;
    const harborViewItems = await inboxOf(client, harborView.id);
    const urgent = threadItems(harborViewItems, demoConversations.find((thread) => thread.key === demoUrgentThreadKey)!)[0]!;
    // Urgency is triaged by rules as the message arrives, with or without a model.
    expect(urgent.urgent).toBe(true);
    const sparks = threadItems(harborViewItems, demoConversations.find((thread) => thread.key === demoSpanishHazardThreadKey)!)[0]!;
    expect(sparks.urgent).toBe(true);
    // The demo's emergencies, and any a journey sent to Harbor View (each journey's own message): no other demo thread.
    const harborViewThreads = demoConversations.filter((thread) => thread.locationName === harborView.name);
    const demoIds = new Set(harborViewThreads.flatMap((thread) => threadItems(harborViewItems, thread).map((item) => item.id)));
    const emergencies = (await client.get<{ items: InboxItem[] }>(`conversation/inbox?location_id=${harborView.id}&filter=emergency&limit=200`)).items;
    expect(emergencies.filter((item) => demoIds.has(item.id)).map((item) => item.id).sort()).toEqual([urgent.id, sparks.id].sort());
    if (!localModelsVerified()) {
      // No model, no made-up draft: every AI version failed with the runtime's reason, shown for Regenerate.
      for (const version of aiVersions) expect(version).toMatchObject({ status: 'failed', reply: null, failure: expect.stringMatching(/model/i) });
      return;
    }
    for (const version of aiVersions) expect(version).toMatchObject({ status: 'ready', reply: expect.any(String), failure: null });
  }, 930_000);
});
