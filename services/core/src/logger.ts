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

export function loggerOptions(level: string): LoggerOptions {
  const options: LoggerOptions = { level, redact: { paths: redactPaths, censor: '[redacted]' } }
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
