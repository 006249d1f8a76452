import { AiRuntime, readAiConfig } from '@pm/ai';
import { ChatAnswerer, FactRanker } from './dist/answering/index.js';
const ai = new AiRuntime(readAiConfig());
const ranker = new FactRanker(ai.embeddings);
const wrapped = {
  status: () => ai.status(),
  invokeStructured: (...a) => ai.invokeStructured(...a),
  streamStructured: async (m, s, o) => { const ts = Date.now(); const oo = { ...o, onText: (t) => { if (!o.first) { o.first = true; console.log('FIRST TOKEN after', Date.now() - ts, 'ms'); } o.onText?.(t); } }; const r = await ai.streamStructured(m, s, oo); console.log('RAW', JSON.stringify(r.text), r.end); return r; },
};
const answerer = new ChatAnswerer(wrapped, async (q, f) => { const r = await ranker.rank(q, f); console.log('RANK', r.hits.map(h => [h.fact.id, h.score.toFixed(2)])); return r; });
const facts = [
  { id: 'locations:all', kind: 'locations', title: 'Your properties', text: 'You have 1 property (property location): Stream Court (12 Elm Street, Springfield, IL 62701).' },
  { id: 'location:abc', kind: 'location', title: 'Stream Court', text: 'Stream Court is a multi-unit property at 12 Elm Street, Springfield, IL 62701.' },
  { id: 'units:abc', kind: 'units', title: 'Stream Court units', text: 'Stream Court has 3 units, 0 of them let (with an active tenant) and 3 vacant. The vacant units are 1A in North, 1B in North and 2A in North.' },
];
const t0 = Date.now();
const answer = await answerer.answer({ question: 'How many units at Stream Court are vacant?', facts, audience: 'manager', timeZone: 'UTC' }, { onPartial: (t) => console.log(Date.now() - t0, 'PARTIAL', t) });
console.log(Date.now() - t0, answer);
for (const q of ['Which units at Stream Court are vacant, and where are they?', 'Tell me about Stream Court.']) {
  const t1 = Date.now();
  let first;
  const a2 = await answerer.answer({ question: q, facts, audience: 'manager', timeZone: 'UTC' }, { onPartial: (t) => { first ??= Date.now() - t1; } });
  console.log('WARM first partial', first, 'ms; whole', Date.now() - t1, 'ms:', a2.outcome, JSON.stringify(a2.answer));
}
await ai.close();
