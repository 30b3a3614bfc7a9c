import { Type } from '@sinclair/typebox'
import { apiRequest } from '@/lib/api-client'

/** GET /logout/user?id=<userId>. Its failure does not stop the local sign-out. */
export const logout = (userId: string) =>
  apiRequest('/logout/user', { query: { id: userId }, schema: Type.Unknown(), handleUnauthorized: false })
