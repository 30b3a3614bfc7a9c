import { parseArgs, type ParseArgsConfig } from 'node:util'

type Options = NonNullable<ParseArgsConfig['options']>

type Values<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; strict: true }>
>['values']

/**
 * A bench's settings from its command line: the options parsed (node:util parseArgs, unknown ones refused), then
 * `read` into settings. Null when they do not parse or `read` refuses them (answers null or throws); the bench then
 * prints its usage.
 */
export function readCommandLine<O extends Options, T>(
  options: O,
  read: (values: Values<O>) => T | null,
): T | null {
  try {
    return read(parseArgs({ args: process.argv.slice(2), options, strict: true }).values)
  } catch {
    return null
  }
}
