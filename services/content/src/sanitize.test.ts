import { describe, expect, it } from 'vitest'
import { contactMail } from './contact.js'
import { htmlToText, sanitizeContentHtml } from './sanitize.js'

/** Stored HTML and what is kept of it. */
const KEPT: Record<string, string> = {
  '<script>alert(1)</script><p>ok</p>': '<p>ok</p>',
  '<img src="x" onerror="alert(1)">': '<img src="x" />',
  '<img src="https://x.example/a.png" onerror="alert(1)">': '<img src="https://x.example/a.png" />',
  '<a href="javascript:alert(1)">x</a>': '<a>x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>': '<a>x</a>',
  '<p style="background:expression(alert(1))">x</p>': '<p>x</p>',
  '<a href="/faq">x</a>': '<a href="/faq">x</a>',
  '<a href="//evil.example">x</a>': '<a>x</a>',
}

describe('sanitizeContentHtml', () => {
  for (const [input, output] of Object.entries(KEPT))
    it(`keeps ${output || 'nothing'} of ${input}`, () => expect(sanitizeContentHtml(input)).toBe(output))

  it('is idempotent', () => {
    const once = sanitizeContentHtml('<p onclick="x()">a <a href="https://b.example" target="x">b</a></p>')
    expect(sanitizeContentHtml(once)).toBe(once)
  })
})

describe('htmlToText', () => {
  it('drops tags, script bodies and &nbsp; and keeps escaped text as text', () => {
    expect(htmlToText('<p>Hello&nbsp;<b>world</b></p><script>x()</script> &amp;lt;tag&amp;gt;')).toBe(
      'Hello world &lt;tag&gt;',
    )
  })
})

describe('contactMail', () => {
  const job = {
    kind: 'contact' as const,
    messageId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    to: 'support@example.com',
    name: '<b>Eve</b>',
    email: 'eve@example.com',
    subject: 'Hi\r\nBcc: x@example.com',
    message: '<script>alert(1)</script>',
  }
  it('escapes the sender in the HTML part, replies to the sender, and keeps the subject on one line', () => {
    const mail = contactMail(job)
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).not.toContain('<b>Eve</b>')
    expect(mail.html).toContain('&lt;script&gt;')
    expect(mail.replyTo).toBe('eve@example.com')
    expect(mail.subject).toBe('[Contact] Hi Bcc: x@example.com')
    expect(mail.text).toContain('<script>alert(1)</script>')
  })
})
