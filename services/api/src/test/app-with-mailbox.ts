import { startSmtpReceiver } from './smtp-receiver.js'
import { buildTestApp, type TestApp } from './test-app.js'

export type Mailbox = Awaited<ReturnType<typeof startSmtpReceiver>>

/** A test app whose mails go to a local SMTP receiver, so a test can read the codes it sends. */
export async function startAppWithMailbox(): Promise<{ t: TestApp; smtp: Mailbox }> {
  const smtp = await startSmtpReceiver()
  const t = await buildTestApp({ SMTP_URL: smtp.url })
  return { t, smtp }
}

/** Closes what `startAppWithMailbox` started; either may be missing when starting failed. */
export async function closeAppWithMailbox(t: TestApp | undefined, smtp: Mailbox | undefined) {
  await t?.close()
  await smtp?.close()
}
