import { useEffect, useRef } from 'react'
import { Navigate, Outlet } from 'react-router-dom'
import { buttonClass } from '@/components/ui/button'
import { containerClass } from '@/components/ui/container'
import styles from '@/components/ui/placeholder-page.module.css'
import { paths } from '@/config/paths'
import { useAccountPrompts } from '@/lib/account-prompts'
import { useStoredSession } from '@/lib/storage'
import { useDocumentTitle } from '@/lib/use-document-title'

/**
 * Authentication guard: the stored isLogin must be the string 'true'. Signed out, the page asks to sign in and
 * opens the sign-in dialog (issue 48: a door, not a silent jump to the home page); the address stays, so signing
 * in shows the page that was asked for.
 */
export function AuthGuard() {
  const { isLoggedIn } = useStoredSession()
  return isLoggedIn ? <Outlet /> : <SignInToContinue />
}

function SignInToContinue() {
  const { signIn } = useAccountPrompts()
  useDocumentTitle('Sign in to continue')
  // Once, on arrival: the dialog's own Close leaves the page with its button to open it again.
  const opened = useRef(false)
  useEffect(() => {
    if (opened.current) return
    opened.current = true
    signIn()
  }, [signIn])
  return (
    <section className={containerClass(styles.placeholder)} aria-labelledby="sign-in-to-continue">
      <div className={styles.placeholder__card}>
        <h1 id="sign-in-to-continue" className={styles.placeholder__title}>
          Sign in to continue
        </h1>
        <p className={styles.placeholder__text}>This page is for members. Sign in and it opens right here.</p>
        <button type="button" className={buttonClass({ variant: 'primary', size: 'md' })} onClick={signIn}>
          <span>Sign In</span>
        </button>
      </div>
    </section>
  )
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
