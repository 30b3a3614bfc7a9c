import { randomUUID } from 'node:crypto'
import type { AcceptedEvents, AnalyticsEvent, PageViewBody } from '@bookstrut/schemas'
import { queueEvents } from '../queue-events.js'
import { isBotAgent } from './bot-agents.js'
import { throughQueue, type EventSender, type EventsDeps } from './accept-events.js'

/**
 * The spec's page-view tracker: one `page_view` event for the page a visitor opened, through the same pipeline and
 * rules as every event (the per-client limit counted before anything else, the server's visitor identity, known
 * bots answered and dropped, the event id as the queue's job id and the store's key: sent again, counted once).
 * The path is bounded by its schema (PagePath); no title is looked up, so a page view costs no SQL.
 */
export async function acceptPageView(
  deps: EventsDeps,
  sender: EventSender,
  body: PageViewBody,
): Promise<AcceptedEvents> {
  const userId = sender.user?.id ?? null
  await throughQueue(() => deps.eventLimits.consume(userId ? { userId } : { ip: sender.ip }, 1))
  const anonymousId = userId ? null : await throughQueue(sender.visitorId)
  const event: AnalyticsEvent = {
    id: (body.id ?? randomUUID()).toLowerCase(),
    type: 'page_view',
    ts: deps.clock.now().toISOString(),
    podcastId: '',
    page: body.path,
    episodeId: null,
    userId,
    anonymousId,
  }
  if (isBotAgent(sender.userAgent)) return { ids: [event.id], accepted: 0 }
  await throughQueue(() => queueEvents(deps.queues, [event]))
  return { ids: [event.id], accepted: 1 }
}
