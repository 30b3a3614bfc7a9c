/** Client configuration. The API is same-origin (Vite proxies /api and /media in dev and preview). */
export const env = {
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api/v1',
} as const
