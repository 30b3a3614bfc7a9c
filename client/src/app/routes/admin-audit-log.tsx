export { AuditLogPage as Component } from '@/features/admin/components/audit-log-page'
