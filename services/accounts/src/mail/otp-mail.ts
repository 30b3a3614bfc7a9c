import type { MailMessage } from '@bookstrut/core'
import type { OtpMailJob } from '@bookstrut/schemas'

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** The e-mail carrying a one-time code. The first line of the text names the code, for people and for tests. */
export function otpMail(job: OtpMailJob): MailMessage {
  const purpose =
    job.kind === 'signup-otp' ? 'verify your BookStrut account' : 'reset your BookStrut password'
  const subject =
    job.kind === 'signup-otp' ? 'Your BookStrut verification code' : 'Your BookStrut password reset code'
  const text = [
    `Your code: ${job.code}`,
    '',
    `Hello ${job.firstName},`,
    `use this code to ${purpose}. It expires in 10 minutes and works once.`,
    'If you did not ask for it, you can ignore this message.',
  ].join('\n')
  const html = `<p>Hello ${escapeHtml(job.firstName)},</p><p>Use this code to ${purpose}:</p><p style="font-size:28px;letter-spacing:8px"><b>${job.code}</b></p><p>It expires in 10 minutes and works once. If you did not ask for it, you can ignore this message.</p>`
  return { to: job.to, subject, text, html }
}
