import { Navigate, Outlet } from 'react-router-dom'
import { paths } from '@/config/paths'
import { useStoredSession } from '@/lib/storage'

/** Authentication guard: the stored isLogin must be the string 'true', else back to /. */
export function AuthGuard() {
  const { isLoggedIn } = useStoredSession()
  return isLoggedIn ? <Outlet /> : <Navigate to={paths.home} replace />
}

/** Author-side pages: readers go to /profile. */
export function CreatorGuard() {
  const { role } = useStoredSession()
  return role === 'reader' ? <Navigate to={paths.profile} replace /> : <Outlet />
}

/** Blocked guard: a stored isBlocked of 'true' sends the user to /. */
export function NotBlockedGuard() {
  const { isBlocked } = useStoredSession()
  return isBlocked ? <Navigate to={paths.home} replace /> : <Outlet />
}

/** Admin pages: anybody else goes to /. */
export function AdminGuard() {
  const { role } = useStoredSession()
  return role === 'admin' ? <Outlet /> : <Navigate to={paths.home} replace />
}
