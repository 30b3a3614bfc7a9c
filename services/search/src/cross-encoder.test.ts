import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCrossEncoder } from './cross-encoder.js'

/**
 * The transformers.js scorer against a real int8 file: encoder/run.sh --cross-encoder trains a tiny cross-encoder
 * (2 steps from the MiniLM weights) and exports it; its export check writes the int8 logits onnxruntime gives in
 * Python for fixed (idea, book) pairs, one of them longer than 128 tokens. The scorer must give the same logits:
 * same tokenizer file, same [CLS] idea [SEP] text [SEP] pairs, same truncation, same token types. Nothing mocked;
 * the venv is installed by scripts/test.sh (encoder/run.sh --setup-only). Within scripts/test.sh the encoder
 * selftest has just trained and exported such a model (2 steps, the same check pairs) and left the export at
 * BOOKSTRUT_CROSS_ENCODER_INT8: that file is scored instead of training the same again (~28 s); run alone, the
 * test trains its own.
 */
const repo = path.resolve(import.meta.dirname, '../../..')

interface Check {
  pairs: [string, string, string][]
  int8: number[]
  passed: boolean
}

let dir: string | undefined
/** the int8 export under test: the selftest's, or one trained here */
let int8: string
let check: Check

beforeAll(async () => {
  const fromSelftest = process.env.BOOKSTRUT_CROSS_ENCODER_INT8
  if (fromSelftest && existsSync(path.join(fromSelftest, 'check.json'))) {
    int8 = fromSelftest
  } else {
    dir = await trainAndExport()
    int8 = path.join(dir, 'int8')
  }
  check = JSON.parse(await readFile(path.join(int8, 'check.json'), 'utf8')) as Check
}, 900_000)

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** Trains a 2-step cross-encoder and exports it to int8 (with its check.json) in a new folder, returned. */
async function trainAndExport(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bookstrut-cross-encoder-'))
  // A candidates file as bench:quality --candidates writes it: 3 train requests over 8 books.
  const books = Array.from({ length: 8 }, (_, i) => ({
    book: `b${i}`,
    title: `Book ${i}`,
    description: `A story about ${['a creature', 'a wizard', 'a whale', 'a rabbit hole'][i % 4]} and ${i} people.`,
  }))
  const candidates = books.map((b, i) => ({ id: b.book, total: 100 - i, ideas: [50], firstRank: i + 1 }))
  const requests = ['a creature', 'a boy wizard', 'a whale hunt'].map((idea, n) => ({
    request: `r${n}`,
    split: 'train',
    ideas: [idea],
    relevant: [`b${n}`],
    answerRank: n + 1,
    candidates,
  }))
  const file = path.join(dir, 'candidates.jsonl')
  await writeFile(file, [...requests, ...books].map((row) => JSON.stringify(row)).join('\n') + '\n')
  const common = ['--candidates', file, '--pairs', 'idea', '--holdout', '0', '--threads', '1']
  const run = (args: string[]) =>
    promisify(execFile)('bash', [path.join(repo, 'encoder', 'run.sh'), '--cross-encoder', ...args], {
      timeout: 600_000,
    })
  await run(['train', ...common, '--out', path.join(dir, 'model'), '--groups', '2', '--max-steps', '2'])
  await run(['export', ...common, '--model', path.join(dir, 'model'), '--out', path.join(dir, 'int8')])
  return dir
}

describe('createCrossEncoder', () => {
  it('gives the logits onnxruntime gives in Python, long texts cut the same way', async () => {
    expect(check.passed).toBe(true)
    const encoder = await createCrossEncoder({ folder: int8, threads: 1 })
    try {
      const pairs = check.pairs.flatMap(([idea, right, wrong]) => [
        [idea, right] as const,
        [idea, wrong] as const,
      ])
      const logits = await encoder.score(pairs)
      expect(logits).toHaveLength(check.int8.length)
      logits.forEach((logit, i) => expect(logit).toBeCloseTo(check.int8[i]!, 3))
      // One pair alone: the same up to the quantizer (dynamic int8 scales activations per batch: 0.002 here).
      const [alone] = await encoder.score([pairs.at(-2)!])
      expect(Math.abs(alone! - check.int8.at(-2)!)).toBeLessThan(0.01)
    } finally {
      await encoder.close()
    }
  })
})
