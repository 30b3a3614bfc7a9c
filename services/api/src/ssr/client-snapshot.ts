import { existsSync } from 'node:fs'
import { cp, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { makeProcessTempDir, removeStaleTempDirs } from '@bookstrut/core'
import { bundlePathOf } from './page-bundle.js'

export interface ClientSnapshot {
  /** the copy's client folder: CLIENT_DIST for this process */
  distDir: string
  remove(): Promise<void>
}

export class IncompleteClientBuildError extends Error {}

/**
 * A copy, private to this process, of the client build it starts with: CLIENT_DIST and the server-render bundle
 * beside it (client/dist-server), in `.serving/client-<pid>-…` beside them. There, and not in a temporary folder,
 * because the server bundle imports its packages (react…) by name: Node finds them in the node_modules folders
 * above it, the same ones as above client/dist-server. Named after the process, so the copy of a process killed
 * outright is removed at the next start (removeStaleTempDirs), while a running replica's is kept.
 *
 * Why: index.html names hashed assets and the server bundle loads its page chunks lazily, by file name. A rolling
 * deploy replaces client/dist under running processes; read from there, an old process would send pages whose
 * scripts are gone and fail every server render (a review saw the bare app shell for every page, logged nowhere).
 * With the copy each process serves the build it started with, whole, until it is replaced (issue 50).
 *
 * A build caught half written (index.html naming an asset the folder does not have) is refused with an error
 * saying which: better a replica that does not start than one serving a page that cannot load. Answers null when
 * there is no client build (the API alone is served, as before).
 */
export async function snapshotClientBuild(distDir: string): Promise<ClientSnapshot | null> {
  const indexHtml = path.join(distDir, 'index.html')
  if (!existsSync(indexHtml)) return null
  const root = servingRoot(distDir)
  await removeStaleTempDirs(root)
  const dir = await makeProcessTempDir(root, 'client')
  const remove = () => rm(dir, { recursive: true, force: true })
  try {
    const copy = path.join(dir, 'dist')
    await cp(distDir, copy, { recursive: true })
    const bundleDir = path.dirname(bundlePathOf(distDir))
    if (existsSync(bundleDir)) await cp(bundleDir, path.dirname(bundlePathOf(copy)), { recursive: true })
    const missing = referencedAssets(await readFile(path.join(copy, 'index.html'), 'utf8')).filter(
      (asset) => !existsSync(path.join(copy, asset)),
    )
    if (missing.length > 0)
      throw new IncompleteClientBuildError(
        `the client build in ${distDir} is incomplete: its index.html names ${missing.join(', ')}, which ` +
          'it does not have (a build being written or replaced?): run npm run build, then start again',
      )
    return { distDir: copy, remove }
  } catch (err) {
    await remove()
    throw err
  }
}

/** Where the copies of the build in `distDir` are made: `.serving` beside it. */
export const servingRoot = (distDir: string) => path.join(path.dirname(distDir), '.serving')

/** The files of the build that index.html loads (`/assets/…` in src and href attributes). */
export function referencedAssets(html: string): string[] {
  const found = [...html.matchAll(/(?:src|href)="\/(assets\/[^"?#]+)"/g)].map((m) => m[1]!)
  return [...new Set(found)]
}
