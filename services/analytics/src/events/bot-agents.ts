/*
 * Known automated clients, by User-Agent: crawlers, link previewers, headless browsers and HTTP libraries. Their
 * events are answered like anyone's (202, so they learn nothing) but never queued. A determined bot can send a
 * browser's User-Agent; the per-client rate limits and the counting rules bound what it can add.
 */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|scrape|headless|phantomjs|puppeteer|playwright|selenium|lighthouse|facebookexternalhit|embedly|preview|monitor|pingdom|uptime|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|libwww|axios\/|node-fetch|undici|postman|insomnia|k6\//i

/** True for a User-Agent of a known bot. A missing User-Agent is no browser either. */
export const isBotAgent = (userAgent: string | undefined) => !userAgent?.trim() || BOT_AGENT.test(userAgent)
