/**
 * Whether a knowledge item answers a tenant's message, learnt from labelled pairs (answer-examples/): a logistic
 * regression over features of the pair's sentence embeddings. Pure and deterministic, so a bank and an embedding model
 * always give one model.
 *
 * Features: the element-wise product and absolute difference of the message's and the item's vectors (which
 * dimensions of meaning they share and where they part: "sauna" against a pool's item parts where "swim" would not),
 * scaled to unit length, and the cosine of the message with the item (question and start of answer) and with its
 * question alone. On the bank, judged by folds that hold each message out whole, cosine alone ranks an answering pair
 * above a non-answering one 92 % of the time, neighbours among the pairs (as urgency uses) 77 %, this regression 94 %.
 *
 * The threshold is set for keeping answers, not accuracy: each pair is scored by a model fitted without its message
 * (k folds), and the threshold is the highest that keeps `targetRecall` of the answering pairs. A refused answer costs
 * the tenant a holding reply; a near item sent as the answer, a wrong reply.
 */
export interface AnswerModel {
  weights: Float64Array;
  bias: number;
  threshold: number;
  /** Cross-validated figures on the bank at `threshold`: answering pairs kept, non-answering ones refused, precision. */
  crossValidated: { recall: number; refused: number; precision: number; folds: number };
}

export interface AnswerTrainingOptions {
  targetRecall?: number;
  folds?: number;
  /** L2 penalty. */
  lambda?: number;
  iterations?: number;
}

export const DEFAULT_ANSWER_TRAINING: Required<AnswerTrainingOptions> = { targetRecall: 0.95, folds: 10, lambda: 1e-3, iterations: 400 };

export interface PairVectors {
  message: ArrayLike<number>;
  /** The item's question and the start of its answer (judgedText). */
  item: ArrayLike<number>;
  /** The item's question alone. */
  question: ArrayLike<number>;
}

/** Weights of the parts: the pair vector's entries are small (unit length over 768), the cosines near 1. */
const PAIR_SCALE = 10;
const COSINE_SCALE = 5;

export function pairFeatures({ message, item, question }: PairVectors): Float64Array {
  const m = unitLength(message);
  const v = unitLength(item);
  const q = unitLength(question);
  const dimensions = m.length;
  const features = new Float64Array(2 * dimensions + 2);
  let norm = 0;
  for (let d = 0; d < dimensions; d++) {
    features[d] = m[d]! * v[d]!;
    features[dimensions + d] = Math.abs(m[d]! - v[d]!);
    norm += features[d]! ** 2 + features[dimensions + d]! ** 2;
  }
  const scale = PAIR_SCALE / (Math.sqrt(norm) || 1);
  for (let d = 0; d < 2 * dimensions; d++) features[d]! *= scale;
  features[2 * dimensions] = COSINE_SCALE * dot(m, v);
  features[2 * dimensions + 1] = COSINE_SCALE * dot(m, q);
  return features;
}

/**
 * `groups`: the pair's message, so the folds hold a message out whole (its other pairs would tell the model about it).
 */
export function fitAnswerModel(features: readonly Float64Array[], answers: readonly boolean[], groups: readonly string[], options: AnswerTrainingOptions = {}): AnswerModel {
  const { targetRecall, folds, lambda, iterations } = { ...DEFAULT_ANSWER_TRAINING, ...options };
  if (features.length !== answers.length || features.length !== groups.length) throw new Error('one label and one group per pair');
  const positives = answers.filter(Boolean).length;
  if (positives < folds || features.length - positives < folds) throw new Error(`the bank needs at least ${folds} pairs of each kind`);
  const foldOf = new Map<string, number>();
  for (const group of groups) if (!foldOf.has(group)) foldOf.set(group, foldOf.size % folds);
  const heldOut = new Float64Array(features.length);
  for (let fold = 0; fold < folds; fold++) {
    const train = features.map((_, i) => i).filter((i) => foldOf.get(groups[i]!) !== fold);
    const { weights, bias } = regression(train.map((i) => features[i]!), train.map((i) => answers[i]!), lambda, iterations);
    features.forEach((vector, i) => {
      if (foldOf.get(groups[i]!) === fold) heldOut[i] = dot(weights, vector) + bias;
    });
  }
  const kept = [...heldOut].filter((_, i) => answers[i]).sort((a, b) => a - b);
  const threshold = kept[Math.floor((1 - targetRecall) * kept.length)]!;
  const accepted = answers.filter((_, i) => heldOut[i]! >= threshold);
  const { weights, bias } = regression(features, answers, lambda, iterations);
  return {
    weights,
    bias,
    threshold,
    crossValidated: {
      recall: accepted.filter(Boolean).length / positives,
      refused: answers.filter((answer, i) => !answer && heldOut[i]! < threshold).length / (answers.length - positives),
      precision: accepted.filter(Boolean).length / accepted.length,
      folds,
    },
  };
}

/** The pair's score (a logit): it answers when at or above the model's threshold. */
export function scoreAnswer(model: Pick<AnswerModel, 'weights' | 'bias'>, features: ArrayLike<number>): number {
  return dot(model.weights, features) + model.bias;
}

/**
 * L2-penalised logistic regression by full-batch gradient descent from zero (deterministic), each class weighted to
 * half the loss: the bank holds several non-answering pairs per answering one.
 */
function regression(x: readonly Float64Array[], y: readonly boolean[], lambda: number, iterations: number): { weights: Float64Array; bias: number } {
  const dimensions = x[0]!.length;
  const weights = new Float64Array(dimensions);
  let bias = 0;
  const positives = y.filter(Boolean).length;
  const classWeight = [x.length / (2 * (x.length - positives)), x.length / (2 * positives)];
  const gradient = new Float64Array(dimensions);
  const rate = 1;
  for (let iteration = 0; iteration < iterations; iteration++) {
    gradient.fill(0);
    let biasGradient = 0;
    for (let i = 0; i < x.length; i++) {
      const row = x[i]!;
      const error = (1 / (1 + Math.exp(-(dot(weights, row) + bias))) - (y[i] ? 1 : 0)) * classWeight[y[i] ? 1 : 0]!;
      for (let d = 0; d < dimensions; d++) gradient[d]! += error * row[d]!;
      biasGradient += error;
    }
    for (let d = 0; d < dimensions; d++) weights[d]! -= rate * (gradient[d]! / x.length + lambda * weights[d]!);
    bias -= (rate * biasGradient) / x.length;
  }
  return { weights, bias };
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let d = 0; d < a.length; d++) sum += a[d]! * b[d]!;
  return sum;
}

function unitLength(vector: ArrayLike<number>): Float64Array {
  const unit = Float64Array.from(vector);
  const length = Math.hypot(...unit) || 1;
  return unit.map((value) => value / length);
}
