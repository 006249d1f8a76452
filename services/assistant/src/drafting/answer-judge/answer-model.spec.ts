import { fitAnswerModel, pairFeatures, scoreAnswer } from './answer-model.js';

/**
 * The regression on vectors made to order: a message and an item that answers it share a topic direction; a near
 * miss shares part of it. A fixed generator, so the test is the same every run.
 */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648 - 0.5;
  };
}

function bank(count: number, seed: number, overlap = 0.4) {
  // The topics are the same in every bank (the knowledge's subjects); the messages and items about them are not.
  const topicsOf = random(1);
  const dimensions = 16;
  const topics = Array.from({ length: 6 }, () => Array.from({ length: dimensions }, () => topicsOf()));
  const next = random(seed);
  const features: Float64Array[] = [];
  const answers: boolean[] = [];
  const groups: string[] = [];
  for (let i = 0; i < count; i++) {
    const topic = topics[i % topics.length]!;
    const message = topic.map((value) => value + 0.3 * next());
    // Every third message has no answering item: each pair of it is a near miss.
    const answering = i % 3 !== 0;
    for (let j = 0; j < 3; j++) {
      const answers_ = answering && j === 0;
      const other = topics[(i + j + 1) % topics.length]!;
      const item = topic.map((value, d) => (answers_ ? value : overlap * value + (1 - overlap) * other[d]!) + 0.3 * next());
      features.push(pairFeatures({ message, item, question: item }));
      answers.push(answers_);
      groups.push(`message ${i}`);
    }
  }
  return { features, answers, groups };
}

it('keeps the share of answering pairs asked, scored by folds that never saw their message, and refuses most near misses', () => {
  const training = bank(120, 7);
  const model = fitAnswerModel(training.features, training.answers, training.groups, { targetRecall: 0.95, folds: 5, iterations: 200 });
  expect(model.crossValidated.recall).toBeGreaterThanOrEqual(0.95);
  expect(model.crossValidated.refused).toBeGreaterThan(0.8);
  expect(model.crossValidated.folds).toBe(5);

  const unseen = bank(60, 99);
  const accepted = unseen.features.map((features) => scoreAnswer(model, features) >= model.threshold);
  const kept = accepted.filter((isAccepted, i) => isAccepted && unseen.answers[i]).length / unseen.answers.filter(Boolean).length;
  const refused = accepted.filter((isAccepted, i) => !isAccepted && !unseen.answers[i]).length / unseen.answers.filter((answers) => !answers).length;
  expect(kept).toBeGreaterThanOrEqual(0.9);
  expect(refused).toBeGreaterThan(0.8);
});

it('asked to keep more answers, lowers its threshold and refuses fewer near misses', () => {
  const training = bank(120, 11, 0.7);
  const strict = fitAnswerModel(training.features, training.answers, training.groups, { targetRecall: 0.8, folds: 5, iterations: 200 });
  const lenient = fitAnswerModel(training.features, training.answers, training.groups, { targetRecall: 1, folds: 5, iterations: 200 });
  expect(lenient.threshold).toBeLessThanOrEqual(strict.threshold);
  expect(lenient.crossValidated.recall).toBe(1);
  expect(lenient.crossValidated.refused).toBeLessThanOrEqual(strict.crossValidated.refused);
});

it('is deterministic: one bank, one model', () => {
  const training = bank(60, 3);
  const first = fitAnswerModel(training.features, training.answers, training.groups, { folds: 4, iterations: 100 });
  const second = fitAnswerModel(training.features, training.answers, training.groups, { folds: 4, iterations: 100 });
  expect(second.threshold).toBe(first.threshold);
  expect([...second.weights]).toEqual([...first.weights]);
});

it('holds a message out whole: a fold that saw a message\'s other pairs would score it too well', () => {
  // Each message's pairs are the same pair repeated with its label: seen in training, they would be scored perfectly.
  const next = random(5);
  const features: Float64Array[] = [];
  const answers: boolean[] = [];
  const groups: string[] = [];
  for (let i = 0; i < 40; i++) {
    const message = Array.from({ length: 8 }, () => next());
    const item = Array.from({ length: 8 }, () => next());
    const label = i % 2 === 0;
    for (let copy = 0; copy < 3; copy++) {
      features.push(pairFeatures({ message, item, question: item }));
      answers.push(label);
      groups.push(`message ${i}`);
    }
  }
  const model = fitAnswerModel(features, answers, groups, { targetRecall: 0.95, folds: 5, iterations: 200 });
  // Labels are noise across messages: held out whole, no fold can learn them, so most non-answers are kept.
  expect(model.crossValidated.refused).toBeLessThan(0.5);
});

it('refuses a bank without enough pairs of each kind, or with a label or group missing', () => {
  const features = [pairFeatures({ message: [1, 0], item: [1, 0], question: [1, 0] })];
  expect(() => fitAnswerModel(features, [true], ['a'])).toThrow(/at least/);
  expect(() => fitAnswerModel(features, [], ['a'])).toThrow(/one label/);
});

it('scores a pair by its product, difference and cosines: the same vectors answer, orthogonal ones do not', () => {
  const same = pairFeatures({ message: [1, 2, 3], item: [2, 4, 6], question: [1, 2, 3] });
  expect(same[6]).toBeCloseTo(5);
  expect(same[7]).toBeCloseTo(5);
  const apart = pairFeatures({ message: [1, 0, 0], item: [0, 1, 0], question: [0, 0, 1] });
  expect(apart[6]).toBeCloseTo(0);
  expect(apart[7]).toBeCloseTo(0);
});
