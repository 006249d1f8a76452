import { Embeddings, type EmbeddingsParams } from '@langchain/core/embeddings';
import type { FeatureExtractionPipeline } from '@huggingface/transformers';
import { type AiStatus, AiUnavailableError } from '../ai-status.js';
import { localEmbeddingModelDir, verifiedModelStatus } from './model-verification.js';

export interface LocalMiniLmEmbeddingsOptions extends EmbeddingsParams {
  modelsDir: string;
  threads: number;
}

/**
 * all-MiniLM-L6-v2 (int8 ONNX, 384 dimensions, English) run by transformers.js from the verified folder the install
 * laid out; remote models are off, so a missing file is an error here rather than a download. Vectors are mean-pooled
 * and normalised, so a dot product is the cosine similarity.
 */
export class LocalMiniLmEmbeddings extends Embeddings {
  readonly dimensions = 384;
  private readonly modelsDir: string;
  private readonly threads: number;
  private extractor: Promise<FeatureExtractionPipeline> | undefined;

  constructor(options: LocalMiniLmEmbeddingsOptions) {
    super(options);
    this.modelsDir = options.modelsDir;
    this.threads = options.threads;
  }

  status(): AiStatus {
    return verifiedModelStatus(this.modelsDir, 'embeddings');
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    if (texts.length === 0) return [];
    const extractor = await this.load();
    const output = await this.caller.call(() => extractor(texts, { pooling: 'mean', normalize: true }));
    return output.tolist() as number[][];
  }

  async embedQuery(text: string): Promise<number[]> {
    const [vector] = await this.embedDocuments([text]);
    if (vector === undefined) throw new Error('the embedding model returned no vector');
    return vector;
  }

  private load(): Promise<FeatureExtractionPipeline> {
    const status = this.status();
    if (!status.available) return Promise.reject(new AiUnavailableError(status));
    this.extractor ??= (async () => {
      const { env, pipeline } = await import('@huggingface/transformers');
      env.allowRemoteModels = false;
      env.allowLocalModels = true;
      env.localModelPath = `${this.modelsDir}/`;
      // dtype q8 selects onnx/model_quantized.onnx, the int8 export the install placed there.
      return pipeline('feature-extraction', localEmbeddingModelDir, {
        dtype: 'q8',
        device: 'cpu',
        session_options: { intraOpNumThreads: this.threads, interOpNumThreads: 1 },
      });
    })();
    return this.extractor;
  }
}
