import { env } from '@huggingface/transformers'

/** Where a model's files come from: a local folder holding `<id>/` model folders, or the Hugging Face hub. */
export type ModelSource = { localDir: string } | 'hub'

let loading: Promise<unknown> = Promise.resolve()

/**
 * Loads a model with transformers.js from `source`. transformers.js finds files through process-wide settings
 * (`env.localModelPath`, `allowLocalModels`, `allowRemoteModels`), read only while a model loads: so loads run one
 * at a time, each with the settings of its own source, and the settings in place before are put back after it.
 * Two models from different folders (the models folder, a trained encoder's own folder) thus never load
 * one from the other's folder, whichever was created first.
 */
export function loadModel<T>(source: ModelSource, load: () => Promise<T>): Promise<T> {
  const run = async () => {
    const before = {
      localModelPath: env.localModelPath,
      allowLocalModels: env.allowLocalModels,
      allowRemoteModels: env.allowRemoteModels,
    }
    if (source === 'hub') env.allowRemoteModels = true
    else
      Object.assign(env, {
        localModelPath: source.localDir,
        allowLocalModels: true,
        allowRemoteModels: false,
      })
    try {
      return await load()
    } finally {
      Object.assign(env, before)
    }
  }
  const loaded = loading.then(run, run)
  loading = loaded.catch(() => undefined)
  return loaded
}
