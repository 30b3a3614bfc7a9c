/** Postgres refused a duplicate of a unique column (SQLSTATE 23505). */
export const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && err.code === '23505'
