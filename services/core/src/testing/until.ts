/**
 * Polls `check` every 50 ms until it holds, for what happens in other processes or workers (an embedding, an
 * index picking up a change); fails naming `what` after `timeoutMs`.
 */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
