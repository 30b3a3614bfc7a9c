import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The API writes each mail as DATA_DIR/outbox/<ISO time>-<address>.eml when no SMTP relay is set. These read
 * them as a person would read their inbox.
 */

/** The address part of an outbox file name: <ISO time>-<address, cut at 120>[-<6 hex>].eml */
const addressOf = (file: string) => file.match(/^[0-9T.Z-]{24}-(.+?)(?:-[0-9a-f]{6})?\.eml$/)?.[1]

/** The mails to `email` in DATA_DIR/outbox, oldest first (file names start with the time). */
export async function outboxMails(dataDir: string, email: string): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox')
  const address = email
    .toLowerCase()
    .replace(/[^a-z0-9@._-]/g, '_')
    .slice(0, 120)
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => addressOf(f) === address)
    .sort()
  return Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')))
}

/**
 * The 4-digit code of the newest mail to `email`, waiting (mails go out through the queue) until at least
 * `mails` mails have arrived for the address.
 */
export async function outboxCode(
  dataDir: string,
  email: string,
  { mails = 1, timeoutMs = 10_000 }: { mails?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await outboxMails(dataDir, email)
    const code = found.length >= mails ? found.at(-1)?.match(/Your code: (\d{4})/)?.[1] : undefined
    if (code) return code
    if (Date.now() > deadline) {
      throw new Error(
        `expected ${mails} mail(s) with a code for ${email} in ${dataDir}/outbox, found ${found.length}`,
      )
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}
