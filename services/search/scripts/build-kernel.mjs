// Compiles src/kernel/book-scan.wat into src/kernel/book-scan.wasm.ts (the bytes, base64) with wabt, so that the
// runtime needs no compiler. `--check` only verifies that the committed bytes match the source (the test does too).
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { compileKernel, KERNEL_SOURCE, KERNEL_MODULE, kernelModuleText } from './kernel-source.mjs'

const bytes = await compileKernel(await readFile(KERNEL_SOURCE, 'utf8'))
const text = kernelModuleText(bytes)
if (process.argv.includes('--check')) {
  const committed = await readFile(KERNEL_MODULE, 'utf8')
  if (committed !== text) {
    console.error(`${fileURLToPath(KERNEL_MODULE)} is stale: run npm run build:kernel -w services/search`)
    process.exit(1)
  }
  console.log('kernel bytes match their source')
} else {
  await writeFile(KERNEL_MODULE, text)
  console.log(`wrote ${fileURLToPath(KERNEL_MODULE)} (${bytes.length} bytes of WebAssembly)`)
}
