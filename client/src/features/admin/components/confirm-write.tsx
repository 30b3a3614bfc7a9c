import type { ReactNode } from 'react'
import type { UseMutationResult } from '@tanstack/react-query'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { errorMessage } from '@/lib/api-client'

/**
 * "Are you sure?" before an admin write: confirming sends `input` through `write`, toasts `done` (or the server's
 * refusal, unless `onError` takes it) and closes.
 */
export function ConfirmWrite<Input>({
  title,
  confirmLabel,
  tone = 'primary',
  write,
  input,
  done,
  onClose,
  onError = (err) => toast.error(errorMessage(err)),
  children,
}: {
  title: string
  confirmLabel: string
  tone?: 'primary' | 'danger'
  write: UseMutationResult<unknown, Error, Input>
  input: Input
  done: string
  onClose: () => void
  onError?: (err: Error) => void
  children: ReactNode
}) {
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      tone={tone}
      busy={write.isPending}
      onCancel={onClose}
      onConfirm={() =>
        write.mutate(input, {
          onSuccess: () => {
            toast.success(done)
            onClose()
          },
          onError: (err) => {
            onError(err)
            onClose()
          },
        })
      }
    >
      {children}
    </ConfirmDialog>
  )
}
