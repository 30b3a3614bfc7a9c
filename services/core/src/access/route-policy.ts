import type { Role } from '@bookstrut/schemas'
import { blocked, forbidden, notFound, unauthorized, type AppError } from '../errors.js'
import { actsFor, isAdmin, type AccountRole } from './access-policy.js'

/*
 * Who may call a route, as data: every route declares a RoutePolicy in its options (`config: { access }`), and one
 * hook of the api (plugins/app/access.ts) decides with `decide()` before the handler runs. A policy is a list of
 * rules, each a pure function of the caller and the request's query and body answering the error the public
 * contract gives (401, 403, 403 BLOCKED) or null. Services receive a caller the policy already let through.
 */

/** The caller as a policy sees it: the account of the request's live session, or null when anonymous. */
export type Caller = (AccountRole & { is_blocked: boolean; block_notes: string }) | null

/** What rules read of a request: its query string and body (validated, except in a `beforeBody` policy). */
export interface RequestFacts {
  query: unknown
  body: unknown
}

/** One condition of a policy: null when it holds, else the error to answer. */
export interface AccessRule {
  /** how the route table names it, e.g. "acts for query.userId" */
  readonly name: string
  readonly check: (caller: Caller, facts: RequestFacts) => AppError | null
}

export interface RoutePolicy {
  /** the kind of caller, for the route table: "public", "signed in", "admin", "own account" … */
  readonly label: string
  readonly rules: readonly AccessRule[]
  /**
   * Decided before the body is read and validated (multipart uploads: nobody may make the server read an upload
   * they may not send). Rules then see the raw query; a field that is not a string is left to the schema.
   */
  readonly beforeBody: boolean
  /** A stored row whose owner (or an admin) alone may go on: decided once the rules above held (decideOwner). */
  readonly owned?: OwnedResource
}

/** A stored row a route acts on, found by an id in the request; the api's access hook loads whose it is. */
export interface OwnedResource {
  readonly kind: 'book'
  readonly at: FieldRef
  /** the 403 message for a caller who neither owns the row nor is an admin */
  readonly refused: string
}

/** What a missing row answers, per kind (the same as before the policy: no oracle beyond what the contract says). */
const MISSING: Record<OwnedResource['kind'], () => AppError> = { book: () => notFound('Podcast not found') }

export type Decision = { allow: true } | { allow: false; error: AppError }

/** The first rule that does not hold decides (rules are ordered cheap and general first); none: allowed. */
export function decide(policy: RoutePolicy, caller: Caller, facts: RequestFacts): Decision {
  for (const rule of policy.rules) {
    const error = rule.check(caller, facts)
    if (error) return { allow: false, error }
  }
  return { allow: true }
}

/** The second decision of an `owned` policy, once the row's owner is known (undefined: no such row, 404). */
export function decideOwner(owned: OwnedResource, caller: Caller, owner: string | undefined): Decision {
  if (owner === undefined) return { allow: false, error: MISSING[owned.kind]() }
  return actsFor(caller, owner) ? { allow: true } : { allow: false, error: forbidden(owned.refused) }
}

/**
 * One line per policy for the route table: "own account, write: acts for body.userId; not blocked". Every label
 * but "public" means a live session, so the signed-in rule is not spelled again, nor a rule the label names.
 */
export function describePolicy(policy: RoutePolicy) {
  const rules = policy.rules.filter((r) => r !== signedInRule && r.name !== policy.label).map((r) => r.name)
  if (policy.beforeBody) rules.push(`${rules.pop() ?? ''} (before the body is read)`.trim())
  if (policy.owned) rules.push(`owns the ${policy.owned.kind} at ${fieldName(policy.owned.at)}`)
  return [policy.label, rules.length > 0 ? `: ${rules.join('; ')}` : ''].join('')
}

// ---- where a rule finds an id: a field of the query or the body, or of each item of a list in the body ----

export interface FieldRef {
  readonly in: 'query' | 'body'
  readonly field: string
  /** the field is read in each item of this list (e.g. body.events[].userId) */
  readonly each?: string
}

export const inQuery = (field: string): FieldRef => ({ in: 'query', field })
export const inBody = (field: string): FieldRef => ({ in: 'body', field })
export const inEachOf = (list: string, field: string): FieldRef => ({ in: 'body', field, each: list })

const fieldName = (ref: FieldRef) => `${ref.in}.${ref.each ? `${ref.each}[].` : ''}${ref.field}`

const propertyOf = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined

/** The ids sent at a reference: its non-empty strings (an empty or non-string value is no id: the schema answers it). */
export function valuesAt(facts: RequestFacts, ref: FieldRef): string[] {
  const part = ref.in === 'query' ? facts.query : facts.body
  const items = ref.each === undefined ? [part] : propertyOf(part, ref.each)
  if (!Array.isArray(items)) return []
  return items
    .map((item) => propertyOf(item, ref.field))
    .filter((v): v is string => typeof v === 'string' && v !== '')
}

// ---- rules ----

/** 401 without a live session. */
export const signedInRule: AccessRule = {
  name: 'signed in',
  check: (caller) => (caller ? null : unauthorized()),
}

/** 403 unless the caller is an admin (anonymous callers included: 403, not 401, where no session is required). */
export const adminRule = (message = 'This action needs an admin account.'): AccessRule => ({
  name: 'admin',
  check: (caller) => (caller && isAdmin(caller) ? null : forbidden(message)),
})

/** Blocked accounts may read but not write: 403 BLOCKED with the admin's note. Anonymous callers pass. */
export const notBlockedRule: AccessRule = {
  name: 'not blocked',
  check: (caller) => (caller?.is_blocked ? blocked(caller.block_notes) : null),
}

/** An account id sent at `ref`, when sent, must be the caller's own, or the caller an admin (403 otherwise). */
export const actsForRule = (
  ref: FieldRef,
  message = 'You can only act on your own account.',
): AccessRule => ({
  name: `acts for ${fieldName(ref)}`,
  check: (caller, facts) =>
    valuesAt(facts, ref).every((id) => actsFor(caller, id)) ? null : forbidden(message),
})

/** Every account id sent at `ref` must be the caller's own: nobody, not even an admin, acts for another here. */
export const isCallerRule = (ref: FieldRef, message: string): AccessRule => ({
  name: `is the caller at ${fieldName(ref)}`,
  check: (caller, facts) =>
    valuesAt(facts, ref).every((id) => id === caller?.id) ? null : forbidden(message),
})

/** Only accounts of these roles (403 otherwise). Anonymous callers pass: pair it with signedInRule. */
export const roleRule = (roles: readonly Role[], message: string): AccessRule => ({
  name: `role ${roles.join(' or ')}`,
  check: (caller) => (!caller || roles.includes(caller.role) ? null : forbidden(message)),
})

/** `rule` applies only to requests for which `applies` holds (named `when` in the route table). */
export const ruleWhen = (
  when: string,
  applies: (facts: RequestFacts) => boolean,
  rule: AccessRule,
): AccessRule => ({
  name: `${rule.name} when ${when}`,
  check: (caller, facts) => (applies(facts) ? rule.check(caller, facts) : null),
})

// ---- the product's rules, by name ----

/** Authors and publishers list books (admins too, for anyone). */
export const listsBooksRule = roleRule(
  ['author', 'publisher', 'admin'],
  'Only authors and publishers can list books.',
)

/** Readers do not buy plans (spec section 6: no Upgrade button, My Membership hidden); nor do admins. */
export const buysPlansRule = roleRule(['author', 'publisher'], 'Only authors and publishers can buy a plan.')

/** Events are the sender's own: a `userId` sent with one must be the caller's, even for an admin. */
export const ownEventsRule = (ref: FieldRef) =>
  isCallerRule(ref, 'You can only report your own listening and clicks.')

/** Nobody, not even an admin, pays for another account. */
export const ownPaymentRule = isCallerRule(inBody('userId'), 'You can only pay for your own account.')

// ---- the policies routes declare ----

const policy = (label: string, rules: readonly AccessRule[]): RoutePolicy => ({
  label,
  rules,
  beforeBody: false,
})

/** The policies a route declares in `config: { access }`. */
export const access = {
  /** Anybody, signed in or not; `rules` limit what a caller may send (e.g. a `userid` must be theirs). */
  public: (...rules: AccessRule[]) => policy('public', rules),
  /** A live session (401 otherwise), then `rules`. */
  signedIn: (...rules: AccessRule[]) => policy('signed in', [signedInRule, ...rules]),
  /** Writing for oneself: a live session of an account that is not blocked, then `rules`. */
  signedInWrite: (...rules: AccessRule[]) =>
    policy('signed in, write', [signedInRule, notBlockedRule, ...rules]),
  /** A live session of an admin (401, then 403). */
  admin: () => policy('admin', [signedInRule, adminRule()]),
  /** Reading one account's data: the account id at `ref` is the caller's, or the caller an admin. */
  ownAccount: (ref: FieldRef) => policy('own account', [signedInRule, actsForRule(ref)]),
  /** Writing for one account: as ownAccount, and the caller not blocked. */
  ownAccountWrite: (ref: FieldRef) =>
    policy('own account, write', [signedInRule, actsForRule(ref), notBlockedRule]),
  /** The same policy, decided before the body (an upload) is read. */
  beforeBody: (p: RoutePolicy): RoutePolicy => ({ ...p, beforeBody: true }),
  /**
   * The same policy, and then only the owner of a stored row (or an admin): decided after the route's own hooks
   * (its rate limit), before the handler; 404 when there is no such row.
   */
  ownerOf: (p: RoutePolicy, owned: OwnedResource): RoutePolicy => ({ ...p, owned }),
}
