export { ReadersWordsPage as Component } from '@/features/admin/components/readers-words-page'
