// Shared by build-kernel.mjs and the kernel test: compiles the WAT source and renders the committed module.
import wabtInit from 'wabt'

export const KERNEL_SOURCE = new URL('../src/kernel/book-scan.wat', import.meta.url)
export const KERNEL_MODULE = new URL('../src/kernel/book-scan.wasm.ts', import.meta.url)

/** SIMD, threads for the shared memory the scan threads work in, and saturating float-to-int conversion. */
const FEATURES = { simd: true, threads: true, sat_float_to_int: true }

/** @param {string} source @returns {Promise<Uint8Array>} */
export async function compileKernel(source) {
  const wabt = await wabtInit()
  const module = wabt.parseWat('book-scan.wat', source, FEATURES)
  try {
    module.validate(FEATURES)
    return module.toBinary({ log: false, write_debug_names: false }).buffer
  } finally {
    module.destroy()
  }
}

/** @param {Uint8Array} bytes */
export function kernelModuleText(bytes) {
  const base64 = Buffer.from(bytes).toString('base64')
  const lines = base64.match(/.{1,100}/g) ?? []
  return (
    '// Generated from book-scan.wat by `npm run build:kernel -w services/search` (wabt): do not edit.\n' +
    'export const BOOK_SCAN_WASM =\n' +
    lines.map((l) => `  '${l}'`).join(' +\n') +
    '\n'
  )
}
