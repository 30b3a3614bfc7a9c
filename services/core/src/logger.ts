import { pino, type Logger, type LoggerOptions } from 'pino'

/** Fields never written to logs. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.token',
  'req.headers.cookie',
  '*.password',
  '*.newPassword',
  '*.confirmPassword',
  '*.confirm_password',
  '*.token',
  '*.otp',
  '*.code',
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
