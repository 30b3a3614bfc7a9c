import { readFileSync, rmSync, writeFileSync } from 'node:fs'

/**
 * Who started an embedded server (PostgreSQL, Redis) that outlives a process killed with SIGKILL. The starting
 * process writes its pid to an owner file beside the server's data; the next start reads it: an owner that is
 * still alive shares its server (a CLI beside the running app), a dead one left an orphan behind, which the
 * new process adopts and stops on its own shutdown.
 */

/** True when a process with this pid exists (signal 0 checks without signalling). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it exists but belongs to another user (a postmaster running as `postgres` seen by a non-root user).
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The first line of a pid file as a pid, or null when the file is missing or holds no pid. */
export function readPid(file: string): number | null {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return null
  }
  const pid = Number.parseInt(text.split('\n', 1)[0]?.trim() ?? '', 10)
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null
}

export function claimOwnership(ownerFile: string): void {
  writeFileSync(ownerFile, `${process.pid}\n`)
}

export function releaseOwnership(ownerFile: string): void {
  if (readPid(ownerFile) === process.pid) rmSync(ownerFile, { force: true })
}

/** True when the process recorded in `ownerFile` is alive and is not this one. */
export function ownedByAnotherLiveProcess(ownerFile: string): boolean {
  const owner = readPid(ownerFile)
  return owner !== null && owner !== process.pid && isAlive(owner)
}

/**
 * Sends `signal` to `pid` and waits until the process is gone; after `graceMs` it sends SIGKILL. Resolves at
 * once when the process does not exist.
 */
export async function stopPid(pid: number, signal: NodeJS.Signals, graceMs = 30_000): Promise<void> {
  if (!isAlive(pid)) return
  try {
    process.kill(pid, signal)
  } catch {
    return
  }
  const deadline = Date.now() + graceMs
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL')
      return
    }
    await new Promise((r) => setTimeout(r, 50))
  }
}
