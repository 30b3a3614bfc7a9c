import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildTestApp, type TestApp } from '../test/test-app.js'
import { bundlePathOf } from './page-bundle.js'
import {
  IncompleteClientBuildError,
  referencedAssets,
  servingRoot,
  snapshotClientBuild,
  type ClientSnapshot,
} from './client-snapshot.js'

// A rolling deploy replaces the client build under running api processes (issue 50). Each process serves the copy
// it made at start: its pages still load their scripts, and its server render still finds its page chunks.
// Needs the real client build (`npm run build`).

const realDist = new URL('../../../../client/dist', import.meta.url).pathname
let work: string
let deployed: string
let snapshot: ClientSnapshot
let t: TestApp

/** The build as a deploy leaves it: client/dist and client/dist-server side by side under `root`. */
async function deployBuild(root: string) {
  await cp(realDist, path.join(root, 'dist'), { recursive: true })
  await cp(path.dirname(bundlePathOf(realDist)), path.dirname(bundlePathOf(path.join(root, 'dist'))), {
    recursive: true,
  })
}

beforeAll(async () => {
  if (!existsSync(bundlePathOf(realDist)))
    throw new Error('client/dist-server is missing: run `npm run build` first')
  work = await mkdtemp(path.join(tmpdir(), 'bookstrut-client-snapshot-'))
  deployed = path.join(work, 'release', 'dist')
  await deployBuild(path.join(work, 'release'))
  snapshot = (await snapshotClientBuild(deployed))!
  t = await buildTestApp({ CLIENT_DIST: snapshot.distDir }, undefined, { start: false })
})
afterAll(async () => {
  await t?.close()
  await rm(work, { recursive: true, force: true })
})

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'x' } })

describe('a process and the client build it started with', () => {
  it('keeps rendering pages that load, after the build was replaced under it', async () => {
    // The copy sits beside the build (its server bundle finds its packages above it, as the build's own does).
    expect(path.dirname(path.dirname(snapshot.distDir))).toBe(servingRoot(deployed))
    const before = await get('/faq')
    expect(before.headers['x-page-render']).toBe('miss')
    const scripts = referencedAssets(before.body)
    expect(scripts.length).toBeGreaterThan(0)

    // The next release, as `npm run build` writes it: dist and dist-server emptied, other hashed names.
    await rm(deployed, { recursive: true, force: true })
    await rm(path.dirname(bundlePathOf(deployed)), { recursive: true, force: true })
    await mkdir(path.join(deployed, 'assets'), { recursive: true })
    await writeFile(
      path.join(deployed, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index-NEXT.js"></script></head>' +
        '<body><div id="root"></div></body></html>',
    )
    await writeFile(path.join(deployed, 'assets', 'index-NEXT.js'), '')

    // A page not rendered before (the server render loads its chunk now) and a cached one, both whole.
    t.app.publicPages.changed()
    const after = await get('/membership')
    expect(after.statusCode).toBe(200)
    expect(after.headers['x-page-render']).toBe('miss')
    expect(referencedAssets(after.body)).toEqual(scripts)
    for (const asset of scripts) expect((await get(`/${asset}`)).statusCode, asset).toBe(200)
  })

  it('refuses a build whose index.html names an asset it does not have, and leaves no copy behind', async () => {
    const half = path.join(work, 'half', 'dist')
    await deployBuild(path.join(work, 'half'))
    const [first] = referencedAssets(await readFile(path.join(half, 'index.html'), 'utf8'))
    await rm(path.join(half, first!))
    await expect(snapshotClientBuild(half)).rejects.toThrow(IncompleteClientBuildError)
    await expect(snapshotClientBuild(half)).rejects.toThrow(first!)
    expect(await readdir(servingRoot(half))).toEqual([])
  })

  it('answers no copy when there is no client build (the API alone is served)', async () => {
    expect(await snapshotClientBuild(path.join(work, 'nothing'))).toBeNull()
  })
})
