import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { isAlive } from './owned-process.js'

/**
 * Scratch folders named after the process that made them (`import-<pid>-XXXXXX`), so that a folder left behind
 * by a process killed with SIGKILL can be told apart from one still in use by a process running beside us.
 */
export async function makeProcessTempDir(root: string, prefix: string): Promise<string> {
  await mkdir(root, { recursive: true })
  return mkdtemp(path.join(root, `${prefix}-${process.pid}-`))
}

/** Removes the scratch folders under `root` whose process is gone; returns their names. */
export async function removeStaleTempDirs(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => [])
  const stale = entries.filter((e) => {
    const pid = /^[a-z]+-(\d+)-/.exec(e.name)?.[1]
    return e.isDirectory() && pid !== undefined && Number(pid) !== process.pid && !isAlive(Number(pid))
  })
  await Promise.all(stale.map((e) => rm(path.join(root, e.name), { recursive: true, force: true })))
  return stale.map((e) => e.name)
}
