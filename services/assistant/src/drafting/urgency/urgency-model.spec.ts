import { fitUrgencyModel, scoreUrgency } from './urgency-model.js';

/**
 * The neighbours on vectors made to order: emergencies lean one way along a few dimensions, routine messages the
 * other, with noise (a fixed generator, so the test is the same every run).
 */
function bank(count: number, overlap: number, seed = 7): { vectors: number[][]; urgent: boolean[] } {
  let state = seed;
  const random = (): number => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648 - 0.5;
  };
  const vectors: number[][] = [];
  const urgent: boolean[] = [];
  for (let i = 0; i < count; i++) {
    const isUrgent = i % 3 !== 0;
    const vector = Array.from({ length: 24 }, () => random());
    for (let d = 0; d < 3; d++) vector[d]! += (isUrgent ? 1 : -1) * (1 - overlap);
    vectors.push(vector);
    urgent.push(isUrgent);
  }
  return { vectors, urgent };
}

it('separates emergencies from routine messages it did not train on, and sets its threshold for the recall asked', () => {
  const training = bank(300, 0.3);
  const model = fitUrgencyModel(training.vectors, training.urgent, { targetRecall: 0.97 });
  expect(model.crossValidated.recall).toBeGreaterThanOrEqual(0.97);
  expect(model.crossValidated.precision).toBeGreaterThan(0.9);
  expect(model.threshold).toBeLessThanOrEqual(0);

  const unseen = bank(150, 0.3, 99);
  const flagged = unseen.vectors.map((vector) => scoreUrgency(model, vector).score >= model.threshold);
  const recall = flagged.filter((isFlagged, i) => isFlagged && unseen.urgent[i]).length / unseen.urgent.filter(Boolean).length;
  const falseAlarms = flagged.filter((isFlagged, i) => isFlagged && !unseen.urgent[i]).length / unseen.urgent.filter((isUrgent) => !isUrgent).length;
  expect(recall).toBeGreaterThanOrEqual(0.95);
  expect(falseAlarms).toBeLessThan(0.15);
});

it('lowers its threshold when the classes overlap more, to keep the recall, and says what precision that costs', () => {
  const clear = bank(300, 0.2);
  const blurred = bank(300, 0.75);
  const sharp = fitUrgencyModel(clear.vectors, clear.urgent, { targetRecall: 0.97 });
  const loose = fitUrgencyModel(blurred.vectors, blurred.urgent, { targetRecall: 0.97 });
  expect(loose.threshold).toBeLessThan(sharp.threshold);
  expect(loose.crossValidated.recall).toBeGreaterThanOrEqual(0.97);
  expect(loose.crossValidated.precision).toBeLessThan(sharp.crossValidated.precision);
});

it('is deterministic, and reads a vector the same at any length (providers that do not normalise)', () => {
  const { vectors, urgent } = bank(120, 0.3);
  const first = fitUrgencyModel(vectors, urgent);
  const second = fitUrgencyModel(vectors, urgent);
  expect(second.threshold).toBe(first.threshold);
  expect(second.crossValidated).toEqual(first.crossValidated);
  const scaled = vectors[0]!.map((value) => value * 40);
  expect(scoreUrgency(first, scaled).score).toBeCloseTo(scoreUrgency(first, vectors[0]!).score, 12);
});

it('names the emergency of the bank nearest to a message, and leaves the example itself out when asked', () => {
  const { vectors, urgent } = bank(60, 0.3);
  const model = fitUrgencyModel(vectors, urgent, { k: 3 });
  const emergency = urgent.indexOf(true);
  expect(scoreUrgency(model, vectors[emergency]!).nearestEmergency).toBe(emergency);
  expect(scoreUrgency(model, vectors[emergency]!, emergency).nearestEmergency).not.toBe(emergency);
});

it('refuses a bank without enough of both kinds of message', () => {
  const { vectors } = bank(30, 0.3);
  expect(() => fitUrgencyModel(vectors, vectors.map(() => true))).toThrow('the bank needs more than 7 emergencies and 7 routine messages');
  expect(() => fitUrgencyModel(vectors, [true])).toThrow('one label per vector');
});
