import path from 'node:path'
import {
  AutoModelForSequenceClassification,
  AutoTokenizer,
  Tensor,
  type PreTrainedModel,
  type PreTrainedTokenizer,
} from '@huggingface/transformers'
import { inBatches } from './in-batches.js'
import { loadModel } from './local-models.js'

/**
 * The cross-encoder (encoder/bookstrut_encoder/cross_encoder.py): reads an idea and a book's text together and gives
 * one relevance logit, higher when the idea is about the book. Local files only (int8 ONNX, `dtype: 'q8'`).
 */
export interface CrossEncoder {
  /** one logit per (query, book text) pair, in order */
  score(pairs: readonly (readonly [string, string])[]): Promise<number[]>
  close(): Promise<void>
}

export interface CrossEncoderOptions {
  /** the model folder: config.json, tokenizer files, onnx/model_quantized.onnx */
  folder: string
  /** onnxruntime intra-op threads */
  threads: number
  /** tokens read per pair, [CLS] and both [SEP] included: what the model was trained on */
  maxLength?: number
}

/** Characters of a book's text kept: more than the model ever reads (cross_encoder.py TEXT_CHARS). */
const TEXT_CHARS = 1200

/** A book as the cross-encoder reads it (and was trained on): its title, then its description. */
export const crossEncoderText = (title: string, description: string) =>
  `${title}. ${description}`.slice(0, TEXT_CHARS)

/** Pairs per inference call: bounds the padded batch. */
const BATCH = 32

/**
 * Loads the model. Pairs are built as the training built them (Python's `truncation="only_second"`): [CLS] query
 * [SEP] text [SEP], the book's text cut so the pair fits in maxLength; transformers.js's own truncation would cut
 * the final [SEP] off instead.
 */
export async function createCrossEncoder(opts: CrossEncoderOptions): Promise<CrossEncoder> {
  const maxLength = opts.maxLength ?? 128
  const id = path.basename(opts.folder)
  const [tokenizer, model] = await loadModel({ localDir: path.dirname(opts.folder) }, async () => {
    const tokenizer: PreTrainedTokenizer = await AutoTokenizer.from_pretrained(id)
    const model: PreTrainedModel = await AutoModelForSequenceClassification.from_pretrained(id, {
      dtype: 'q8',
      device: 'cpu',
      session_options: { intraOpNumThreads: opts.threads, interOpNumThreads: 1 },
    })
    return [tokenizer, model] as const
  })
  // BERT's specials, as its tokenizer wraps a single text: [CLS] … [SEP]
  const specials = tokenizer.encode('', { add_special_tokens: true })
  const [cls, sep] = [specials[0]!, specials.at(-1)!]
  const pad = tokenizer.pad_token_id ?? 0

  const encodePair = (query: string, text: string) => {
    const q = tokenizer.encode(query, { add_special_tokens: false }).slice(0, maxLength - 3)
    const t = tokenizer.encode(text, { add_special_tokens: false }).slice(0, maxLength - 3 - q.length)
    return { ids: [cls, ...q, sep, ...t, sep], first: q.length + 2 }
  }

  const scoreBatch = async (pairs: readonly (readonly [string, string])[]) => {
    const encoded = pairs.map(([q, t]) => encodePair(q, t))
    const width = Math.max(...encoded.map((e) => e.ids.length))
    const ids = new BigInt64Array(pairs.length * width)
    const mask = new BigInt64Array(pairs.length * width)
    const types = new BigInt64Array(pairs.length * width)
    encoded.forEach((e, row) => {
      for (let i = 0; i < width; i++) {
        const at = row * width + i
        ids[at] = BigInt(i < e.ids.length ? e.ids[i]! : pad)
        mask[at] = i < e.ids.length ? 1n : 0n
        types[at] = i >= e.first && i < e.ids.length ? 1n : 0n
      }
    })
    const dims = [pairs.length, width]
    // the model's outputs are untyped in transformers.js: a sequence classifier returns `logits`, [pairs, 1]
    const out = (await model({
      input_ids: new Tensor('int64', ids, dims),
      attention_mask: new Tensor('int64', mask, dims),
      token_type_ids: new Tensor('int64', types, dims),
    })) as { logits: Tensor }
    return Array.from(out.logits.data as Float32Array)
  }

  return {
    score: (pairs) => inBatches(pairs, BATCH, scoreBatch),
    async close() {
      await model.dispose()
    },
  }
}
