import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { chromium, type Browser, type Page } from 'playwright-core'

const repoRoot = path.resolve(import.meta.dirname, '../..')
export const artifactsDir = path.join(import.meta.dirname, 'artifacts')

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })

/** The built app (`npm run build` first) as its own process, on a fresh database and data folder. */
export async function startApp() {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const dbName = `bookstrut_e2e_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${dbName}`)
  await admin.end()
  const dbUrl = new URL(adminUrl)
  dbUrl.pathname = `/${dbName}`

  const dataDir = await mkdtemp(path.join(tmpdir(), 'bookstrut-e2e-'))
  const port = await freePort()
  const logs: string[] = []
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'services/api/dist/server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `e2e${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '12',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()))
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()))
  const baseUrl = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    const up = await fetch(`${baseUrl}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    if (child.exitCode !== null || i > 150) throw new Error(`app did not start:\n${logs.join('')}`)
    await new Promise((r) => setTimeout(r, 200))
  }

  return {
    baseUrl,
    dataDir,
    logs,
    /** The 4-digit code of the newest mail to `email` in DATA_DIR/outbox. */
    async outboxCode(email: string, timeoutMs = 10_000): Promise<string> {
      const dir = path.join(dataDir, 'outbox')
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const files = (await readdir(dir).catch(() => [] as string[]))
          .filter((f) => f.endsWith('.eml') && f.includes(email))
          .sort()
        const newest = files.at(-1)
        if (newest) {
          const code = (await readFile(path.join(dir, newest), 'utf8')).match(/Your code: (\d{4})/)?.[1]
          if (code) return code
        }
        if (Date.now() > deadline) throw new Error(`no code for ${email} in ${dir}`)
        await new Promise((r) => setTimeout(r, 150))
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`drop database if exists ${dbName} with (force)`)
      await c.end()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Debian's chromium, headless, with the flags that keep it off the (closed) network. */
export async function launchBrowser(): Promise<Browser> {
  await mkdir(artifactsDir, { recursive: true })
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: false })
