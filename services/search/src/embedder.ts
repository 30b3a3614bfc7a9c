import { existsSync } from 'node:fs'
import path from 'node:path'
import { pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers'
import { inBatches } from './in-batches.js'
import { loadModel } from './local-models.js'

export interface EmbedderOptions {
  /** org/name, e.g. sentence-transformers/all-MiniLM-L6-v2 */
  modelId: string
  /** folder holding `<org>/<name>/` model folders; when the model is not there it comes from the hub by its id */
  modelsDir: string | undefined
  /** onnxruntime intra-op threads: inference runs on these native threads, off the JavaScript event loop */
  threads: number
}

export interface Embedder {
  readonly modelId: string
  readonly dimensions: number
  /** Unit-length sentence vectors (mean pooling, L2-normalised), one per text, in order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>
  close(): Promise<void>
}

/** Texts per inference call: bounds the padded batch (and its memory) for long descriptions. */
const BATCH = 16

/** True when the model's files are in the local folder (what tests and commands on this machine rely on). */
export const hasLocalModel = (modelsDir: string | undefined, modelId: string) =>
  Boolean(modelsDir && existsSync(path.join(modelsDir, modelId, 'onnx', 'model_quantized.onnx')))

/**
 * A sentence embedder on transformers.js with the int8 ONNX model (`dtype: 'q8'`). A model found under
 * `modelsDir` is loaded from there with remote loading switched off; otherwise transformers.js fetches the
 * same model by its id from the Hugging Face hub (for a user without the shared model folders).
 */
export async function createEmbedder(opts: EmbedderOptions): Promise<Embedder> {
  const source =
    opts.modelsDir && hasLocalModel(opts.modelsDir, opts.modelId) ? { localDir: opts.modelsDir } : 'hub'
  const extract: FeatureExtractionPipeline = await loadModel(source, () =>
    pipeline('feature-extraction', opts.modelId, {
      dtype: 'q8',
      device: 'cpu',
      session_options: { intraOpNumThreads: opts.threads, interOpNumThreads: 1 },
    }),
  )
  const embedBatch = async (texts: string[]) => {
    const out = await extract(texts, { pooling: 'mean', normalize: true })
    const [rows, dims] = out.dims as [number, number]
    const data = out.data as Float32Array
    return Array.from({ length: rows }, (_, i) => data.slice(i * dims, (i + 1) * dims))
  }
  const [probe] = await embedBatch(['dimension probe'])
  return {
    modelId: opts.modelId,
    dimensions: probe!.length,
    embed: (texts) => inBatches(texts, BATCH, embedBatch),
    async close() {
      await extract.dispose()
    },
  }
}
