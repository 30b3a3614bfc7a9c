import { afterAll, beforeAll, expect, it } from 'vitest'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { buildTestApp, type TestApp } from '../../test/test-app.js'
import { client } from '../../test/api-client.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

it('writes each code mail as a file in DATA_DIR/outbox when no SMTP_URL is set, and the code verifies', async () => {
  const api = client(t.app)
  const email = `outbox.${Date.now()}@example.com`
  await api.post('/user/create', {
    first_name: 'Out',
    last_name: 'Box',
    email,
    password: 'secret123',
    role: 'reader',
  })
  const dir = t.config.mail.outboxDir
  let text = ''
  for (let i = 0; i < 50 && !text; i++) {
    const files = await readdir(dir).catch(() => [] as string[])
    const file = files.find((f) => f.includes(email) && f.endsWith('.eml'))
    if (file) text = await readFile(path.join(dir, file), 'utf8')
    else await new Promise((r) => setTimeout(r, 100))
  }
  expect(text).toContain(`To: ${email}`)
  const code = text.match(/Your code: (\d{4})/)?.[1]
  expect(code).toMatch(/^\d{4}$/)
  expect((await api.post('/verify/user/Verification', { email, otp: code })).status).toBe(200)
})

it('keeps the mail of an address too long for a file name', async () => {
  const api = client(t.app)
  const email = `${'x'.repeat(60)}@${'d'.repeat(180)}.example.com`
  expect(
    (
      await api.post('/user/create', {
        first_name: 'Long',
        last_name: 'Address',
        email,
        password: 'secret123',
        role: 'reader',
      })
    ).status,
  ).toBe(201)
  let text = ''
  for (let i = 0; i < 50 && !text; i++) {
    for (const file of await readdir(t.config.mail.outboxDir)) {
      const content = await readFile(path.join(t.config.mail.outboxDir, file), 'utf8')
      if (content.includes(email)) text = content
    }
    if (!text) await new Promise((r) => setTimeout(r, 100))
  }
  expect(text).toMatch(/Your code: \d{4}/)
})
