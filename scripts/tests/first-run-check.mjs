// Part of scripts/tests/first-run.test.sh: is a freshly started demo usable? The home page, in chromium, lists
// imported books, and an idea search finds the one three plain ideas describe.
//   node scripts/tests/first-run-check.mjs http://127.0.0.1:PORT
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from '../lib/chromium.mjs'

const base = process.argv[2]
const fail = (message) => {
  console.error(`[first-run] FAIL: ${message}`)
  process.exit(1)
}

const browser = await chromium.launch(chromiumLaunchOptions())
try {
  const page = await browser.newPage()
  await page.goto(base)
  // The home page's TOP 20 shows its first row on arrival, the rest on "Show all 20"; any of the demo's classics in it.
  await page.getByRole('button', { name: /Show all 20/i }).click({ timeout: 30_000 })
  await page
    .getByText(/Pride and Prejudice|Frankenstein|Moby-Dick|Jane Eyre|Dracula|Treasure Island/)
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(() => fail('the home page lists none of the imported books within 60 s'))
} finally {
  await browser.close()
}

const ideas = new URLSearchParams({
  firstField: 'a scientist builds a living creature from dead bodies',
  secondField: 'the monster is rejected by its maker and by society',
  thirdField: 'a chase across the frozen Arctic',
})
const res = await fetch(`${base}/api/v1/search/podcast?${ideas}`)
if (!res.ok) fail(`idea search answered ${res.status}: ${await res.text()}`)
const body = await res.json()
const titles = (body.data ?? []).map((b) => b.title)
if (!titles.slice(0, 3).includes('Frankenstein'))
  fail(`idea search did not put Frankenstein in its top 3: ${titles}`)
console.log(
  `[first-run] home page lists imported books; idea search top 3: ${titles.slice(0, 3).join(' | ')}`,
)
