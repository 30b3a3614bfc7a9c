export { Top20Page as Component } from '@/features/admin/components/top20-page'
