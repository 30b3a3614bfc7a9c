import { useState } from 'react'
import {
  createBrowserRouter,
  Navigate,
  RouterProvider,
  type HydrationState,
  type RouteObject,
} from 'react-router-dom'
import { PageSpinner } from '@/components/ui/spinner'
import { adminPaths, articlePaths, paths } from '@/config/paths'
import { setUnauthorizedHandler } from '@/lib/api-client'
import { queryClient } from '@/lib/query-client'
import { AdminGuard, AuthGuard, CreatorGuard, NotBlockedGuard } from './layout/guards'
import { RootLayout } from './layout/root-layout'
import { privatePage, type RouteHandle } from './route-handle'
import { settingsQueryOptions } from '@/features/content/api/get-settings'

type ContentRoutes = typeof import('./routes/content')
type TopicRoutes = typeof import('./routes/topics')

/** A page of the content routes module, loaded lazily, with its handle (server data and head) when it has one. */
const contentPage =
  (page: Exclude<keyof ContentRoutes, 'contentHandles'>, handle?: keyof ContentRoutes['contentHandles']) =>
  async () => {
    const m = await import('./routes/content')
    return { Component: m[page], ...(handle ? { handle: m.contentHandles[handle] } : {}) }
  }

/** A page of the topics routes module, loaded lazily, with its handle. */
const topicPage =
  (page: Exclude<keyof TopicRoutes, 'topicHandles'>, handle: keyof TopicRoutes['topicHandles']) =>
  async () => {
    const m = await import('./routes/topics')
    return { Component: m[page], handle: m.topicHandles[handle] }
  }

/** The layout's footer and dialogs read the settings on every page. */
const layoutHandle: RouteHandle = {
  prefetch: ({ queryClient }) => queryClient.fetchQuery(settingsQueryOptions()),
}

/**
 * Both route tables (spec reader-and-account section 2, author-and-content section 2); pages load lazily. The
 * server renders every route except those whose handle says `private` (route-handle.ts, docs/seo.md).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    handle: layoutHandle,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: 'membership', lazy: () => import('./routes/membership') },
      { path: 'contact', lazy: contentPage('ContactRoute') },
      { path: 'faq', lazy: contentPage('FaqRoute', 'faq') },
      { path: 'faq/:id', lazy: contentPage('FaqDetailRoute', 'faqDetail') },
      { path: 'blog', lazy: contentPage('BlogRoute', 'blog') },
      { path: 'blog/:slug', lazy: contentPage('BlogPostRoute', 'blogPost') },
      { path: 'pagedetail/:slag', lazy: contentPage('PageDetailRoute', 'pageDetail') },
      { path: 'Policy', lazy: contentPage('PolicyRoute') },
      { path: 'terms-conditions', lazy: contentPage('TermsRoute', 'terms') },
      { path: 'single-book/:id', lazy: () => import('./routes/single-book') },
      { path: 'author-profile/:id', lazy: () => import('./routes/author-profile') },
      // A splat: a name may hold an encoded "/".
      { path: 'author/*', lazy: () => import('./routes/author-books') },
      {
        path: paths.topList.slice(1),
        lazy: contentPage('TopListRoute'),
      },
      { path: 'topics', lazy: topicPage('TopicsRoute', 'index') },
      { path: 'topics/:slug', lazy: topicPage('TopicRoute', 'topic') },
      { path: 'Logout', handle: privatePage, lazy: () => import('./routes/logout') },
      ...articlePaths.map(({ path }) => ({
        path: path.slice(1),
        lazy: contentPage('ArticleRoute'),
      })),
      {
        element: <NotBlockedGuard />,
        // The results come from the search the reader typed (navigation state): nothing to render for a crawler.
        handle: privatePage,
        children: [{ path: 'search-book', lazy: () => import('./routes/search-book') }],
      },
      {
        element: <AuthGuard />,
        handle: privatePage,
        children: [
          {
            element: <CreatorGuard />,
            children: [{ path: 'upload-book', lazy: () => import('./routes/upload-book') }],
          },
          {
            element: <AdminGuard />,
            children: [
              {
                // The console's nav around its sections; full paths, so each page's address reads as it is.
                lazy: () => import('./routes/admin-layout'),
                children: [
                  { path: 'admin', element: <Navigate to={adminPaths.users} replace /> },
                  { path: 'admin/users', lazy: () => import('./routes/admin-users') },
                  { path: 'admin/users/:id', lazy: () => import('./routes/admin-user') },
                  { path: 'admin/moderation', lazy: () => import('./routes/admin-moderation') },
                  { path: 'admin/reports', lazy: () => import('./routes/admin-reports') },
                  { path: 'admin/content', lazy: () => import('./routes/admin-content') },
                  { path: 'admin/plans', lazy: () => import('./routes/admin-plans') },
                  { path: 'admin/top20', lazy: () => import('./routes/admin-top20') },
                  { path: 'admin/readers-words', lazy: () => import('./routes/admin-readers-words') },
                  { path: 'admin/audit-log', lazy: () => import('./routes/admin-audit-log') },
                ],
              },
            ],
          },
          {
            lazy: async () => ({
              Component: (await import('@/features/profile/components/profile-layout')).ProfileLayout,
            }),
            children: [
              { path: 'profile', lazy: () => import('./routes/profile') },
              { path: 'profile-fevorite', lazy: () => import('./routes/profile-favorite') },
              { path: 'profile-search', lazy: () => import('./routes/profile-search') },
              { path: 'profile-ghost', lazy: () => import('./routes/profile-ghost') },
              {
                path: 'profile-shelves',
                element: <Navigate to={paths.profileShelf('want-to-read')} replace />,
              },
              { path: 'profile-shelves/:shelf', lazy: () => import('./routes/profile-shelf') },
              { path: 'profile-import', lazy: () => import('./routes/profile-import') },
              {
                element: <CreatorGuard />,
                children: [
                  { path: 'profile-listings', lazy: () => import('./routes/profile-listings') },
                  { path: 'profile-membership', lazy: () => import('./routes/profile-membership') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
]

/** Any 401 on a call made with a token: storage is already cleared; forget the account and go to /. */
export function redirectHomeOnUnauthorized(router: {
  navigate: (to: string, opts?: { replace?: boolean }) => Promise<void>
}) {
  setUnauthorizedHandler(() => {
    queryClient.removeQueries({ queryKey: ['users'] })
    void router.navigate(paths.home, { replace: true })
  })
}

/** `hydrationData`: what the server render's router held (entry-server.tsx), when the page was server-rendered. */
export function createAppRouter(hydrationData?: HydrationState) {
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined)
  redirectHomeOnUnauthorized(router)
  return router
}

export function AppRouter({ hydrationData }: { hydrationData?: HydrationState }) {
  const [router] = useState(() => createAppRouter(hydrationData))
  return <RouterProvider router={router} />
}
