import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Modal } from './modal'

function setup(dismissible = true) {
  const onClose = vi.fn()
  render(
    <>
      <button type="button">Opener</button>
      <Modal open onClose={onClose} title="A dialog" dismissible={dismissible}>
        <input aria-label="First" />
        <input aria-label="Second" data-autofocus />
        <button type="button">Last</button>
      </Modal>
    </>,
  )
  return { onClose, user: userEvent.setup() }
}

describe('Modal', () => {
  it('is a labelled modal dialog that focuses the marked field', () => {
    setup()
    expect(screen.getByRole('dialog', { name: 'A dialog' })).toHaveAttribute('aria-modal', 'true')
    expect(screen.getByLabelText('Second')).toHaveFocus()
  })

  it('keeps Tab inside the dialog', async () => {
    const { user } = setup()
    screen.getByRole('button', { name: 'Last' }).focus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus()
  })

  it('closes on Escape and on a backdrop click when dismissible', async () => {
    const { user, onClose } = setup()
    await user.keyboard('{Escape}')
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!)
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('ignores Escape and the backdrop when not dismissible', async () => {
    const { user, onClose } = setup(false)
    await user.keyboard('{Escape}')
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!)
    expect(onClose).not.toHaveBeenCalled()
  })
})
