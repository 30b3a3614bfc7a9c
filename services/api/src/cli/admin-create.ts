import { randomBytes } from 'node:crypto'
import { hashPassword, usersRepo } from '@bookstrut/accounts'
import { loadConfig, newId } from '@bookstrut/core'
import { runOnDatabase } from './with-database.js'

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
await runOnDatabase(config, async (db) => {
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
})
