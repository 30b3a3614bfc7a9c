import { afterAll, beforeAll, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import path from 'node:path'
import { verifyPassword } from '@bookstrut/accounts/testing'
import { type Db } from '@bookstrut/core'
import { createTestDb, type TestDb } from '@bookstrut/core/testing'

const run = promisify(execFile)
const apiRoot = path.resolve(import.meta.dirname, '../..')
let database: TestDb
let db: Db

beforeAll(async () => {
  database = await createTestDb('admin_cli', { migrate: false, poolSize: 1 })
  db = database.db
})
afterAll(async () => {
  await database?.drop()
})

const adminCreate = (...args: string[]) =>
  run(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/cli/admin-create.ts', ...args], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: database.url, PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent' },
  })

it('creates a verified admin with a printed password, and promotes an existing account', async () => {
  const { stdout } = await adminCreate('Root@Example.com')
  const password = stdout.match(/with password: (\S+)/)?.[1]
  expect(password).toBeDefined()
  const admin = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'root@example.com')
    .executeTakeFirstOrThrow()
  expect(admin).toMatchObject({ role: 'admin', is_verified: true })
  expect(await verifyPassword(password ?? '', admin.password_hash)).toBe(true)

  await db.updateTable('users').set({ role: 'reader' }).where('id', '=', admin.id).execute()
  const again = await adminCreate('root@example.com', '--password', 'n3w-secret')
  expect(again.stdout).toMatch(/is now an admin \(password changed\)/)
  const promoted = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', admin.id)
    .executeTakeFirstOrThrow()
  expect(promoted.role).toBe('admin')
  expect(await verifyPassword('n3w-secret', promoted.password_hash)).toBe(true)
  expect((await db.selectFrom('users').select('id').execute()).length).toBe(1)
})

it('refuses a bad address with usage and exit code 2', async () => {
  await expect(adminCreate('not-an-email')).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringMatching(/Usage/),
  })
})
