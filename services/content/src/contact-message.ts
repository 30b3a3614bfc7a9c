import { QueueNames, type ContactMessage, type ContactUsBody } from '@bookstrut/schemas'
import { addressKey, type Clock, type Config, type Db, type Queues } from '@bookstrut/core'
import { admitContactMessage, storeContactMessage, type ContactLimits } from './contact.js'
import { supportAddress } from './settings.js'

/** What a contact message needs from the app (the api passes its own). */
export interface ContactDeps {
  db: Db
  clock: Clock
  config: Readonly<Config>
  queues: Queues
  limits: ContactLimits
}

/**
 * POST /create/ContactUs. The body is already valid (schema). Cheap checks first: the sender's address has its
 * hourly and daily allowance and the site its hourly one (admitContactMessage), else 429 and nothing is stored. Then the message is stored and its mail queued in one
 * transaction: a queue that refuses (Redis down) leaves no message behind, and the job id (`contact-<id>`) makes a
 * repeated add one mail.
 */
export async function createContactMessage(
  deps: ContactDeps,
  body: ContactUsBody,
  from: { ip: string; userId: string | null; requestId: string },
): Promise<ContactMessage> {
  await admitContactMessage(deps.limits, addressKey(from.ip))
  const to = await supportAddress(deps.db, deps.config.supportEmail)
  return deps.db.transaction().execute(async (trx) => {
    const message = await storeContactMessage(trx, body, from, deps.clock.now())
    await deps.queues.enqueue(
      QueueNames.mail,
      {
        kind: 'contact',
        messageId: message._id,
        to,
        name: message.name,
        email: message.email,
        subject: message.subject,
        message: message.message,
        requestId: from.requestId,
      },
      `contact-${message._id}`,
    )
    return message
  })
}
