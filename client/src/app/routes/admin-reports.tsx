export { ReportsPage as Component } from '@/features/admin/components/reports-page'
