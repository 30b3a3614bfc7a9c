export { ModerationPage as Component } from '@/features/moderation/components/moderation-page'
