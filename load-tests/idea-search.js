// k6 load test: readers searching. Mostly idea searches (three ideas) whose ideas come from a pool many readers
// share (their vectors are cached by the api), some with ideas nobody typed before (embedded on the spot), pages
// 1-3 of each, and some keyword searches.
//
//   SEARCH_RATE_LIMIT_ANON=1000000 npm start            # in another terminal: searches are rate-limited per IP
//   load-tests/run.sh idea-search.js
//
// Tunables (env): DURATION (30s), RATE (searches per second, 10), FRESH_SHARE (0.15), KEYWORD_SHARE (0.15),
// IDEA_P95_MS (300), FRESH_P95_MS (600), KEYWORD_P95_MS (300).
import http from 'k6/http'
import { check } from 'k6'
import { passMarks } from './lib/scenarios.js'

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '')
const API = `${BASE_URL}/api/v1`

/** @param {string | undefined} v @param {number} fallback */
const num = (v, fallback) => {
  const n = Number.parseFloat(v || '')
  return Number.isFinite(n) && n >= 0 ? n : fallback
}
const RATE = Math.max(1, Math.round(num(__ENV.RATE, 10)))
const FRESH_SHARE = num(__ENV.FRESH_SHARE, 0.15)
const KEYWORD_SHARE = num(__ENV.KEYWORD_SHARE, 0.15)

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    search: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: __ENV.DURATION || '30s',
      preAllocatedVUs: Math.max(4, Math.ceil(RATE / 2)),
      maxVUs: RATE * 4,
    },
  },
  thresholds: passMarks({
    idea: num(__ENV.IDEA_P95_MS, 300),
    'idea-fresh': num(__ENV.FRESH_P95_MS, 600),
    'idea-page': num(__ENV.IDEA_P95_MS, 300),
    keyword: num(__ENV.KEYWORD_P95_MS, 300),
  }),
}

/** Ideas as readers type them, three to a search; readers reuse them (the same few books are asked for often). */
const POOL = [
  [
    'a lawyer defends a man falsely accused',
    'growing up in a small southern town',
    'a child learns about injustice',
  ],
  ['a boy discovers he is a wizard', 'a school of magic in a castle', 'friends fight a dark lord'],
  ['a state that watches everyone', 'rewriting history to control people', 'a man rebels in secret'],
  ['a whale hunt at sea', 'a captain obsessed with revenge', 'life aboard a whaling ship'],
  [
    'a proud rich man and a clever young woman',
    'first impressions are wrong',
    'marriage and money in England',
  ],
  ['a monster made by a scientist', 'creation turns against its maker', 'loneliness of an outcast'],
  ['a hobbit goes on an adventure', 'a dragon guards a treasure', 'dwarves want their mountain back'],
  ['a detective solves crimes in London', 'clever deductions from small details', 'a loyal doctor friend'],
  ['survival after the end of the world', 'a father and son walk south', 'hope in a ruined land'],
  ['a murder on a train', 'every passenger is a suspect', 'a famous detective in the snow'],
  ['time travel to the far future', 'a society split in two', 'a scientist tells his story'],
  ['a girl falls down a rabbit hole', 'a world of nonsense and riddles', 'talking animals and a queen'],
  ['a ghost story in an old house', 'a governess and two children', 'is the evil real or imagined'],
  [
    'friendship between two migrant workers',
    'dreams of a farm of their own',
    'tragedy during the depression',
  ],
  ['a family saga across generations', 'a house full of secrets', 'love and war in the twentieth century'],
  ['a boy and a tiger in a lifeboat', 'lost at sea for months', 'faith and storytelling'],
]
const KEYWORDS = [
  'pride',
  'whale',
  'wizard',
  'detective',
  'tolkien',
  'war and peace',
  'love',
  'dragon',
  'mystery',
]
const SUBJECTS = [
  'a sailor',
  'an old teacher',
  'two sisters',
  'a lost dog',
  'a young queen',
  'a farmer',
  'a spy',
]
const ACTIONS = [
  'searches for',
  'runs from',
  'falls in love with',
  'betrays',
  'builds',
  'remembers',
  'fights',
]
const OBJECTS = [
  'a stolen map',
  'the northern sea',
  'a burning city',
  'an empty house',
  'a secret garden',
  'the moon',
]

const pick = (list) => list[Math.floor(Math.random() * list.length)]
/** A page: mostly the first, as readers read. */
const page = () => {
  const r = Math.random()
  return r < 0.7 ? 1 : r < 0.9 ? 2 : 3
}

/** Three ideas nobody typed before (different enough that the api does not answer DUPLICATE_QUERIES). */
function freshIdeas() {
  const tag = `${__VU}-${__ITER}`
  return [0, 1, 2].map(
    (i) =>
      `${SUBJECTS[(i * 3 + __ITER) % SUBJECTS.length]} ${pick(ACTIONS)} ${OBJECTS[(i * 2 + __VU) % OBJECTS.length]} ${i === 0 ? `in year ${tag}` : i === 1 ? 'at night' : 'with friends'}`,
  )
}

/** @param {string[]} ideas @param {number} p */
const ideaUrl = (ideas, p) =>
  `${API}/search/podcast?firstField=${encodeURIComponent(ideas[0])}&secondField=${encodeURIComponent(ideas[1])}` +
  `&thirdField=${encodeURIComponent(ideas[2])}&page=${p}&limit=10`

/** @param {import('k6/http').RefinedResponse<'text'>} r */
const okEnvelope = (r) => r.status === 200 && r.json('success') === true && Array.isArray(r.json('data'))

export default function () {
  const r = Math.random()
  if (r < KEYWORD_SHARE) {
    const res = http.get(
      `${API}/search/podcast/surface?query=${encodeURIComponent(pick(KEYWORDS))}&page=${page()}`,
      {
        tags: { name: 'keyword' },
      },
    )
    check(res, { 'keyword search 200': okEnvelope })
    return
  }
  const fresh = r < KEYWORD_SHARE + FRESH_SHARE
  const ideas = fresh ? freshIdeas() : pick(POOL)
  // Page 1 ranks; a reader who reads on asks for pages 2-3 of the same ranking next.
  const first = http.get(ideaUrl(ideas, 1), { tags: { name: fresh ? 'idea-fresh' : 'idea' } })
  check(first, { 'idea search 200': okEnvelope })
  const p = page()
  if (p > 1) {
    const later = http.get(ideaUrl(ideas, p), { tags: { name: 'idea-page' } })
    check(later, { 'later page 200': okEnvelope })
  }
}
