import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import nodemailer from 'nodemailer'

export interface MailMessage {
  to: string
  /** where answers go (a contact message: the sender) */
  replyTo?: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): void
}

/**
 * Sends through SMTP when `smtpUrl` is set; otherwise writes each message as an .eml file under `outboxDir`,
 * so an operator without a mail relay can still read the codes.
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl)
    // Loopback relays (development receivers) rarely have a valid certificate.
    const loopback = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)
    const transport = nodemailer.createTransport({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      ignoreTLS: loopback,
    })
    return {
      send: async (m) => {
        await transport.sendMail({ from: opts.from, ...m })
      },
      close: () => transport.close(),
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    send: async (m) => {
      const info = await transport.sendMail({ from: opts.from, ...m })
      await mkdir(opts.outboxDir, { recursive: true })
      // The address names the file for people browsing the folder; it is cut to stay within file-name limits
      // (the full recipient is inside the message).
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${m.to.replace(/[^A-Za-z0-9@._-]/g, '_').slice(0, 120)}-${randomBytes(3).toString('hex')}.eml`
      const file = path.join(opts.outboxDir, name)
      // Write then rename, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer)
      await rename(`${file}.tmp`, file)
    },
    close: () => transport.close(),
  }
}
