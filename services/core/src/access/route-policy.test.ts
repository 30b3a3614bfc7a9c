import { describe, expect, it } from 'vitest'
import {
  access,
  actsForRule,
  adminRule,
  buysPlansRule,
  decide,
  decideOwner,
  describePolicy,
  inBody,
  inEachOf,
  inQuery,
  listsBooksRule,
  ownEventsRule,
  ruleWhen,
  valuesAt,
  type Caller,
  type RequestFacts,
  type RoutePolicy,
} from './route-policy.js'

const user = (id: string, role: NonNullable<Caller>['role'], blocked = false): NonNullable<Caller> => ({
  id,
  role,
  is_blocked: blocked,
  block_notes: blocked ? 'spam' : '',
})
const reader = user('u1', 'reader')
const author = user('a1', 'author')
const admin = user('ad', 'admin')
const blockedReader = user('u9', 'reader', true)

const facts = (query: unknown = {}, body: unknown = undefined): RequestFacts => ({ query, body })

/** The status and code a policy answers, or 'allow'. */
function outcome(policy: RoutePolicy, caller: Caller, f: RequestFacts = facts()) {
  const decision = decide(policy, caller, f)
  return decision.allow
    ? 'allow'
    : `${decision.error.status} ${decision.error.code}: ${decision.error.message}`
}

describe('route policies', () => {
  it('lets anybody call a public route, and checks a sent userid only when one is sent', () => {
    const policy = access.public(actsForRule(inQuery('userid')))
    expect(outcome(policy, null)).toBe('allow')
    expect(outcome(policy, null, facts({ userid: 'u1' }))).toBe(
      '403 FORBIDDEN: You can only act on your own account.',
    )
    expect(outcome(policy, reader, facts({ userid: 'u1' }))).toBe('allow')
    expect(outcome(policy, reader, facts({ userid: 'u2' }))).toMatch(/^403 FORBIDDEN/)
    expect(outcome(policy, admin, facts({ userid: 'u2' }))).toBe('allow')
  })

  it('answers 401 without a session before any other rule, and 403 to a non-admin on an admin route', () => {
    expect(outcome(access.signedIn(), null)).toBe('401 UNAUTHORIZED: Please log in to continue.')
    expect(outcome(access.admin(), null)).toMatch(/^401/)
    expect(outcome(access.admin(), reader)).toBe('403 FORBIDDEN: This action needs an admin account.')
    expect(outcome(access.admin(), admin)).toBe('allow')
  })

  it('lets an account read its own data, an admin anybody’s, and writes only when not blocked', () => {
    const read = access.ownAccount(inQuery('userId'))
    const write = access.ownAccountWrite(inBody('userId'))
    expect(outcome(read, reader, facts({ userId: 'u1' }))).toBe('allow')
    expect(outcome(read, reader, facts({ userId: 'u2' }))).toMatch(/^403 FORBIDDEN/)
    expect(outcome(read, admin, facts({ userId: 'u2' }))).toBe('allow')
    expect(outcome(read, blockedReader, facts({ userId: 'u9' }))).toBe('allow')
    expect(outcome(write, blockedReader, facts({}, { userId: 'u9' }))).toBe(
      '403 BLOCKED: Your account has been blocked.',
    )
    // A forged id is refused before the blocked flag is told.
    expect(outcome(write, blockedReader, facts({}, { userId: 'u1' }))).toMatch(/^403 FORBIDDEN/)
    const refused = decide(write, blockedReader, facts({}, { userId: 'u9' }))
    expect(refused.allow ? null : refused.error.data).toEqual({ isBlocked: true, notes: 'spam' })
  })

  it('lets nobody, not even an admin, report events for another account, in any item of a batch', () => {
    const policy = access.public(ownEventsRule(inEachOf('events', 'userId')))
    const batch = (...ids: Array<string | undefined>) =>
      facts({}, { events: ids.map((userId) => ({ userId })) })
    expect(outcome(policy, null, batch(undefined, undefined))).toBe('allow')
    expect(outcome(policy, null, batch(undefined, 'u1'))).toBe(
      '403 FORBIDDEN: You can only report your own listening and clicks.',
    )
    expect(outcome(policy, reader, batch('u1', undefined, 'u1'))).toBe('allow')
    expect(outcome(policy, admin, batch('u1'))).toMatch(/^403 FORBIDDEN/)
  })

  it('limits listing and buying to their roles, with the contract’s messages', () => {
    expect(outcome(access.signedIn(listsBooksRule), reader)).toBe(
      '403 FORBIDDEN: Only authors and publishers can list books.',
    )
    expect(outcome(access.signedIn(listsBooksRule), admin)).toBe('allow')
    expect(outcome(access.signedIn(buysPlansRule), admin)).toBe(
      '403 FORBIDDEN: Only authors and publishers can buy a plan.',
    )
    expect(outcome(access.signedIn(buysPlansRule), author)).toBe('allow')
  })

  it('applies a conditional rule only to the requests it names', () => {
    const withdrawn = access.public(
      ruleWhen(
        'status=false',
        ({ query }) => valuesAt(facts(query), inQuery('status')).length > 0,
        adminRule('No.'),
      ),
    )
    expect(outcome(withdrawn, null)).toBe('allow')
    expect(outcome(withdrawn, null, facts({ status: 'x' }))).toBe('403 FORBIDDEN: No.')
    expect(outcome(withdrawn, admin, facts({ status: 'x' }))).toBe('allow')
  })

  it('reads ids only where they are strings: a missing, empty or malformed one is left to the schema', () => {
    expect(valuesAt(facts({ id: 'a' }), inQuery('id'))).toEqual(['a'])
    expect(valuesAt(facts({ id: ['a', 'b'] }), inQuery('id'))).toEqual([])
    expect(valuesAt(facts({ id: '' }), inQuery('id'))).toEqual([])
    expect(valuesAt(facts(undefined), inQuery('id'))).toEqual([])
    expect(valuesAt(facts({}, 'not an object'), inBody('id'))).toEqual([])
    expect(valuesAt(facts({}, { events: 'no list' }), inEachOf('events', 'userId'))).toEqual([])
  })

  it('lets only the owner of a stored row, or an admin, go on; no row is a 404', () => {
    const owned = { kind: 'book' as const, at: inQuery('podcastid'), refused: 'Not yours.' }
    const answer = (caller: Caller, owner: string | undefined) => {
      const d = decideOwner(owned, caller, owner)
      return d.allow ? 'allow' : `${d.error.status} ${d.error.message}`
    }
    expect(answer(author, 'a1')).toBe('allow')
    expect(answer(admin, 'a1')).toBe('allow')
    expect(answer(reader, 'a1')).toBe('403 Not yours.')
    expect(answer(author, undefined)).toBe('404 Podcast not found')
    expect(describePolicy(access.ownerOf(access.signedIn(), owned))).toBe(
      'signed in: owns the book at query.podcastid',
    )
  })

  it('describes each policy for the route table', () => {
    expect(describePolicy(access.public())).toBe('public')
    expect(describePolicy(access.admin())).toBe('admin')
    expect(describePolicy(access.signedIn())).toBe('signed in')
    expect(describePolicy(access.beforeBody(access.ownAccountWrite(inQuery('id'))))).toBe(
      'own account, write: acts for query.id; not blocked (before the body is read)',
    )
    expect(describePolicy(access.public(ownEventsRule(inEachOf('events', 'userId'))))).toBe(
      'public: is the caller at body.events[].userId',
    )
  })
})
