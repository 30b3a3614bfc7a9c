import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'
import type { AddressInfo } from 'node:net'

export interface ReceivedMail {
  to: string
  subject: string
  text: string
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpReceiver() {
  const mails: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    // The package's built-in certificate has expired; plain SMTP on loopback is enough here.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text
          mails.push({ to: to ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '' })
          waiters.splice(0).forEach((w) => w())
          callback()
        })
        .catch((err: Error) => callback(err))
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  /** Waits for the n-th mail (1-based) sent to `to` and returns the 4-digit code in it. */
  async function codeFor(to: string, n = 1, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = mails.filter((m) => m.to.toLowerCase() === to.toLowerCase())[n - 1]
      const code = found?.text.match(/Your code: (\d{4})/)?.[1]
      if (code) return code
      if (Date.now() > deadline)
        throw new Error(`no mail #${n} for ${to} within ${timeoutMs} ms (have ${mails.length})`)
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        setTimeout(resolve, 200)
      })
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    codeFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
