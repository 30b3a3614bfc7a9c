import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { censor, redactPaths } from './logger.js'

/** A logger with the app's redaction that writes into a string. */
function capture() {
  let out = ''
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString()
      done()
    },
  })
  const logger = pino({ level: 'info', redact: { paths: redactPaths, censor } }, stream)
  return { logger, text: () => out }
}

describe('logger redaction', () => {
  it('never writes passwords, session or reset tokens, or e-mailed codes, at any depth we log', () => {
    const { logger, text } = capture()
    const secrets = {
      password: 'pw-top-1111',
      newPassword: 'pw-new-2222',
      confirmPassword: 'pw-confirm-3333',
      token: 'tok-session-4444',
      resetToken: 'tok-reset-5555',
      otp: '6666',
      code: '7777',
    }
    logger.info(secrets, 'top level')
    logger.info({ body: secrets }, 'one level down')
    logger.info({ job: { data: secrets } }, 'two levels down')
    logger.info(
      { req: { headers: { authorization: 'Bearer tok-header-8888', token: 'tok-header-9999' } } },
      'request',
    )
    // A pg client attached to an error, as pg's pool hands it over on shutdown.
    logger.warn(
      {
        err: {
          message: 'terminating connection',
          client: {
            password: 'db-pass-1010',
            connectionParameters: { password: 'db-pass-1010', host: '127.0.0.1' },
            connectionString: 'postgres://app:db-pass-1010@127.0.0.1/app',
          },
        },
      },
      'idle database connection lost',
    )
    const written = text()
    for (const value of [...Object.values(secrets), 'tok-header-8888', 'tok-header-9999', 'db-pass-1010'])
      expect(written).not.toContain(value)
    expect(written).toContain('[redacted]')
    expect(written).toContain('two levels down')
  })

  it("keeps an error's code (ECONNREFUSED, a SQLSTATE) while e-mailed codes stay hidden (issue 29)", () => {
    const { logger, text } = capture()
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' })
    logger.warn({ err: refused }, 'redis down')
    logger.warn({ redis: { connection: 'api', code: 'ECONNREFUSED' } }, 'redis unavailable')
    logger.warn({ err: { code: '23505', message: 'duplicate key' } }, 'sql')
    logger.info({ code: '4821', job: { data: { code: '0917' } }, body: { code: 1234 } }, 'mail')
    const lines = text()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, any>)
    expect(lines[0]?.err.code).toBe('ECONNREFUSED')
    expect(lines[1]?.redis.code).toBe('ECONNREFUSED')
    expect(lines[2]?.err.code).toBe('23505')
    expect(lines[3]).toMatchObject({
      code: '[redacted]',
      job: { data: { code: '[redacted]' } },
      body: { code: '[redacted]' },
    })
  })
})
