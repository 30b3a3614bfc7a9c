import { isCallerRule, type AccessRule, type FieldRef } from '@bookstrut/core'

/**
 * Shelves are private to their reader: the account id sent at `ref` must be the caller's own. Nobody, not even an
 * admin, reads or changes another reader's shelves or imports (403).
 */
export const ownShelvesRule = (ref: FieldRef): AccessRule =>
  isCallerRule(ref, 'Your library is yours alone: you can only read and change your own shelves.')
