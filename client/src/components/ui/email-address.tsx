import { Fragment } from 'react'

/**
 * An e-mail address in running text. A long address may need two lines in a narrow dialog: it may break after the
 * "@" or before a dot (<wbr>, which copies as nothing), and only if a part is still too long, anywhere in it
 * (.email-address) — never in the middle of a name while a better place is free. Plain text: the caller sets its
 * weight (<strong> in a sentence).
 */
export function EmailAddress({ value }: { value: string }) {
  const parts = value.split(/(?=\.)|(?<=@)/)
  return (
    <span className="email-address">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
