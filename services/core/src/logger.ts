import { pino, type Logger, type LoggerOptions } from 'pino'

/** Keys whose values are secrets: passwords, session and reset tokens, e-mailed codes, database credentials. */
const secretKeys = [
  'password',
  'newPassword',
  'confirmPassword',
  'confirm_password',
  'password_hash',
  'token',
  'resetToken',
  'otp',
  'code',
  'authorization',
  'cookie',
  // A pg client in an error (`{ err: { client } }`) carries the database password in these.
  'connectionString',
  'connectionParameters',
]

/**
 * Fields never written to logs: the request's credential headers, and every secret key at the top level of a log
 * object and two levels down (`{ body: { password } }`, `{ job: { data: { code } } }`). pino's redaction needs
 * explicit depths; three cover every object we log.
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.token',
  'req.headers.cookie',
  ...secretKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
]

/**
 * An error's `code` is what an operator acts on (ECONNREFUSED, ERR_STREAM_DESTROYED, a PostgreSQL SQLSTATE such as
 * 23505 or 42P01), and shares its name with the e-mailed codes. A `code` is kept when it is an error code: an
 * upper-case identifier or a five-character SQLSTATE. Anything else under that name (digits, a number, a long
 * token) is a secret and is censored, like every other secret key.
 */
const ERROR_CODE = /^(?:[A-Z][A-Z0-9_]*|[0-9A-Z]{5})$/
export const censor = (value: unknown, path: string[]): unknown =>
  path.at(-1) === 'code' && typeof value === 'string' && ERROR_CODE.test(value) ? value : '[redacted]'

export function loggerOptions(level: string): LoggerOptions {
  const options: LoggerOptions = { level, redact: { paths: redactPaths, censor } }
  // Pretty output only for a person at a terminal; JSON everywhere else.
  if (process.stdout.isTTY && level !== 'silent') {
    options.transport = {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
    }
  }
  return options
}

export const createLogger = (level: string): Logger => pino(loggerOptions(level))
export type { Logger }
