/**
 * Runs `run` over `items` in slices of at most `size`, one slice after another, and joins the answers in order:
 * an inference call pads its whole batch to the longest input, so a bounded slice bounds its memory.
 */
export async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  run: (batch: T[]) => Promise<R[]>,
): Promise<R[]> {
  const answers: R[] = []
  for (let i = 0; i < items.length; i += size) answers.push(...(await run(items.slice(i, i + size))))
  return answers
}
