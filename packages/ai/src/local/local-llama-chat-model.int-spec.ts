import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import { z } from 'zod';
import { AiRuntime } from '../ai-runtime.js';
import { readAiConfig } from '../config/ai-config.js';
import type { LocalLlamaChatModel } from './local-llama-chat-model.js';

/**
 * The real Qwen2.5-Coder-1.5B from the cache (npm test installs and verifies it). Replies take seconds each on a
 * loaded 2-core machine: keep these few. Timings and RSS are printed for the README.
 */
const runtime = new AiRuntime(readAiConfig({ ...process.env, AI_PROVIDER: 'local' }));
const model = runtime.chatModel as LocalLlamaChatModel;
// Measurements for the README (load time, latency, RSS), on stderr beside jest's own output.
const report = (line: string): boolean => process.stderr.write(`${line}\n`);
// Generous: loading 1.1 GB from a cold page cache while other tests run took over 20 s on this machine.
const loadTimeout = 180_000;
const replyTimeout = 120_000;
const mib = (bytes: number): string => `${Math.round(bytes / 2 ** 20)} MiB`;

const knowledge = new SystemMessage(
  [
    'You answer tenants of Harbor View Apartments using only these knowledge items.',
    'K1: Trash is collected every Tuesday morning; bins go out after 6 pm on Monday.',
    'K2: Quiet hours are 10 pm to 7 am every day.',
    'K3: Guest parking is in lot B, for up to 48 hours with a permit from the office.',
  ].join('\n'),
);

const ReplySchema = z.object({
  reply: z.string().min(1).max(400),
  sources: z.array(z.enum(['K1', 'K2', 'K3'])).min(1).max(3),
  urgent: z.boolean(),
});

describe('LocalLlamaChatModel (real model)', () => {
  beforeAll(async () => {
    expect(runtime.status().chat).toEqual({ available: true, provider: 'local' });
    const started = Date.now();
    await model.load();
    report(`[ai] model load ${Date.now() - started} ms, RSS after load ${mib(process.memoryUsage().rss)}`);
  }, loadTimeout);
  afterAll(() => runtime.close());

  it('answers with JSON that a grammar built from the schema constrains', async () => {
    const started = Date.now();
    const reply = await runtime.invokeStructured([knowledge, new HumanMessage('Which day is trash picked up?')], ReplySchema);
    report(`[ai] structured reply in ${Date.now() - started} ms: ${JSON.stringify(reply)}; RSS ${mib(process.memoryUsage().rss)}`);
    expect(ReplySchema.safeParse(reply).success).toBe(true);
    expect(reply.sources).toContain('K1');
    expect(reply.reply.toLowerCase()).toContain('tuesday');
  }, replyTimeout);

  it('queues two requests made at once: they generate one after the other on the one context', async () => {
    const before = model.activity;
    const started = Date.now();
    const ask = (question: string) => model.invoke([knowledge, new HumanMessage(question)], { maxTokens: 40 }).then(() => Date.now() - started);
    const [first, second] = await Promise.all([ask('When are quiet hours?'), ask('Where can my guest park?')]);
    report(`[ai] two queued short replies finished after ${first} ms and ${second} ms`);
    const after = model.activity;
    expect(after.completed - before.completed).toBe(2);
    expect(after.peakRunning).toBe(1);
    expect(second).toBeGreaterThan(first);
  }, replyTimeout);

  it('reuses an evaluated system prefix: the next request with the same knowledge evaluates only its own question', async () => {
    const rules = new SystemMessage(
      [
        'You answer tenants of Cedar Street Fourplex using only these rules.',
        ...Array.from({ length: 12 }, (_, index) => `R${index + 1}: Unit ${index + 1} has storage locker ${index + 101} in the basement, opened with the unit key.`),
      ].join('\n'),
    );
    const evaluated = async (question: string): Promise<number> => {
      const before = model.activity.evaluatedInputTokens;
      await model.invoke([rules, new HumanMessage(question)], { maxTokens: 16 });
      return model.activity.evaluatedInputTokens - before;
    };
    const first = await evaluated('Which locker belongs to unit 3?');
    const second = await evaluated('Which locker belongs to unit 7?');
    report(`[ai] prompt tokens evaluated: ${first} with a new prefix, ${second} with the same prefix`);
    expect(first).toBeGreaterThan(200);
    expect(second).toBeLessThan(first / 5);
  }, replyTimeout);

  it('stops a background reading for a draft that arrives while it runs, answers the draft first, then finishes the reading', async () => {
    const lease = new SystemMessage(
      [
        'You summarise a lease for its landlord. Use only the text below.',
        ...Array.from({ length: 30 }, (_, index) => `Clause ${index + 1}: The tenant keeps storage room ${index + 1} clean and returns key number ${index + 300} when the lease ends.`),
      ].join('\n'),
    );
    const before = model.activity;
    const finished: string[] = [];
    const reading = model.invoke([lease, new HumanMessage('Summarise the lease in three sentences.')], { priority: 'background', maxTokens: 120 }).then(() => finished.push('reading'));
    // The reading has started (its prompt is being evaluated) when the tenant's draft is asked for.
    for (const deadline = Date.now() + 30_000; model.activity.running === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(model.activity.running).toBe(1);
    const started = Date.now();
    const draft = model.invoke([knowledge, new HumanMessage('When are quiet hours?')], { maxTokens: 40 }).then(() => {
      finished.push('draft');
      return Date.now() - started;
    });
    const draftMs = await draft;
    await reading;
    const after = model.activity;
    report(`[ai] a draft asked during a reading answered in ${draftMs} ms; ${after.evaluatedInputTokens - before.evaluatedInputTokens} prompt tokens evaluated in all`);
    expect(finished).toEqual(['draft', 'reading']);
    expect(after.preemptions - before.preemptions).toBe(1);
    expect(after.completed - before.completed).toBe(3);
    expect(after.peakRunning).toBe(1);
  }, replyTimeout);

  it('evaluates a background prompt in steps that its generation then reuses: no prompt token is evaluated twice', async () => {
    const rules = (building: string) =>
      new SystemMessage(
        [
          `You answer tenants of ${building} using only these rules.`,
          ...Array.from({ length: 16 }, (_, index) => `R${index + 1}: Unit ${index + 1} parks in space ${index + 40} of garage level ${(index % 3) + 1}.`),
        ].join('\n'),
      );
    const evaluated = async (building: string, priority: 'interactive' | 'background'): Promise<number> => {
      const before = model.activity.evaluatedInputTokens;
      await model.invoke([rules(building), new HumanMessage('Where does unit 4 park?')], { maxTokens: 8, priority });
      return model.activity.evaluatedInputTokens - before;
    };
    const atOnce = await evaluated('Maple Court', 'interactive');
    const inSteps = await evaluated('Birch Court', 'background');
    report(`[ai] prompt tokens evaluated: ${atOnce} in one call, ${inSteps} in steps`);
    expect(atOnce).toBeGreaterThan(300);
    expect(inSteps).toBeLessThan(atOnce * 1.2);
  }, replyTimeout);
  it('streams a structured reply as it is written, and a deadline or the token budget ends it with the text written so far', async () => {
    const AnswerSchema = z.object({ sourceIds: z.array(z.enum(['K1', 'K2', 'K3'])), answer: z.string().max(600) });
    const question = [knowledge, new HumanMessage('Tell me everything about trash, quiet hours and guest parking, in detail.')];
    const seen: { at: number; text: string }[] = [];
    const started = Date.now();
    const whole = await runtime.streamStructured(question, AnswerSchema, { priority: 'conversation', onText: (text) => seen.push({ at: Date.now() - started, text }) });
    report(`[ai] streamed reply: first text after ${seen[0]?.at} ms, ${seen.length} updates, whole after ${Date.now() - started} ms (${whole.end})`);
    expect(whole.end).toBe('complete');
    expect(AnswerSchema.safeParse(whole.value).success).toBe(true);
    expect(seen.length).toBeGreaterThan(5);
    // Each update extends the one before.
    seen.slice(1).forEach((update, index) => expect(update.text.startsWith(seen[index]!.text)).toBe(true));
    expect(seen.at(-1)!.text).toBe(whole.text);

    const budget = await runtime.streamStructured(question, AnswerSchema, { priority: 'conversation', maxTokens: 20 });
    expect(budget).toMatchObject({ end: 'max-tokens', value: undefined });
    expect(budget.text.startsWith('{')).toBe(true);

    const deadline = new AbortController();
    const stopped = runtime.streamStructured(question, AnswerSchema, {
      priority: 'conversation',
      signal: deadline.signal,
      onText: (text) => {
        if (text.length > 40) deadline.abort(new Error('deadline'));
      },
    });
    await expect(stopped).resolves.toMatchObject({ end: 'stopped', value: undefined });
    expect((await stopped).text.length).toBeGreaterThan(40);

    const neverStarted = new AbortController();
    neverStarted.abort(new Error('deadline'));
    await expect(runtime.streamStructured(question, AnswerSchema, { priority: 'conversation', signal: neverStarted.signal })).resolves.toEqual({ text: '', end: 'stopped', value: undefined });
  }, replyTimeout * 2);
});
