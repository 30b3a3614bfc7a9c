export { UserDetailPage as Component } from '@/features/admin/components/user-detail-page'
