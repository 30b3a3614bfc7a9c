export { AdminLayout as Component } from '@/features/admin/components/admin-layout'
