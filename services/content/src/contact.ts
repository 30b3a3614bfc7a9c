import { newId, type DbOrTx, type MailMessage } from '@bookstrut/core'
import type { ContactMailJob, ContactMessage, ContactUsBody } from '@bookstrut/schemas'

/** The limits a contact message spends (the api's rate limits, services/api/src/plugins/app/rate-limits.ts). */
export type ContactLimitName = 'contactPerIp' | 'contactPerIpPerDay' | 'contactSiteWide'
export interface ContactLimits {
  /** Counts one hit; throws 429 when the limit is already used up. */
  consume(name: ContactLimitName, key: string): Promise<void>
}

/**
 * Spends a contact message's allowance before anything is stored: the sender's address (its /64 for IPv6:
 * `addressKey`) by the hour and by the day, then the whole site's (issue 45: 40 addresses sent 200 mails to
 * support in 19 s). The site-wide cap comes last, so one address past its own allowance cannot spend it; many
 * addresses can fill it for an hour, which stops the mails to support, not the site.
 */
export async function admitContactMessage(limits: ContactLimits, senderKey: string): Promise<void> {
  await limits.consume('contactPerIp', senderKey)
  await limits.consume('contactPerIpPerDay', senderKey)
  await limits.consume('contactSiteWide', 'site')
}

/** Stores one contact message (the api mails it to the support address in the same transaction). */
export async function storeContactMessage(
  db: DbOrTx,
  body: ContactUsBody,
  from: { userId: string | null; ip: string },
  now: Date,
): Promise<ContactMessage> {
  const row = await db
    .insertInto('contact_messages')
    .values({
      id: newId(now.getTime()),
      name: body.name.trim(),
      email: body.email.trim(),
      subject: body.subject.trim(),
      message: body.message.trim(),
      user_id: from.userId,
      ip: from.ip,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at.toISOString(),
  }
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/**
 * The mail a contact message becomes: to the support address, replying to the sender. The sender's words are text
 * (escaped in the HTML part) and their subject is prefixed, so a support inbox can tell these mails apart.
 */
export function contactMail(job: ContactMailJob): MailMessage {
  const subject = `[Contact] ${job.subject}`.replace(/[\r\n]+/g, ' ').slice(0, 250)
  const text = [`From: ${job.name} <${job.email}>`, `Message id: ${job.messageId}`, '', job.message].join(
    '\n',
  )
  const html =
    `<p><b>From:</b> ${escapeHtml(job.name)} &lt;${escapeHtml(job.email)}&gt;</p>` +
    `<p><b>Message id:</b> ${job.messageId}</p>` +
    `<pre style="white-space:pre-wrap">${escapeHtml(job.message)}</pre>`
  return { to: job.to, replyTo: job.email, subject, text, html }
}
