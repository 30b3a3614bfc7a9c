import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { contactFormErrors, type ContactForm, type ContactFormErrors } from '@bookstrut/schemas'
import { FaqList } from '@/components/ui/faq-list'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { usePageMeta } from '@/lib/use-page-meta'
import { useCreateContact } from '../api/create-contact'
import { Breadcrumb, ContentPage } from './content-parts'
import styles from './content.module.css'
import { buttonClass } from '@/components/ui/button'

/** Spec reader-and-account sections 5 and 8. */
export const CONTACT_TEXTS = {
  submitted: 'Your data has been submitted successfully!',
  failed: 'An unexpected error occurred',
} as const

const EMPTY: ContactForm = { name: '', email: '', subject: '', message: '' }
const FIELDS: { name: keyof ContactForm; label: string; type?: string }[] = [
  { name: 'name', label: 'Name' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'subject', label: 'Subject' },
  { name: 'message', label: 'Message' },
]

const contactFaq = [
  {
    question: 'How fast do you answer?',
    answer: 'Within 24 hours for premium members and 48 hours for free members.',
  },
  {
    question: 'Can I ask about an Infinite Strut plan?',
    answer: 'Yes: tell us how many titles you list and we will get back to you.',
  },
  {
    question: 'Where do I report a listing?',
    answer: 'Use the report button on the listing, or write to us here.',
  },
]

/**
 * /contact: breadcrumb, an FAQ block, the form (validated live on each change and on submit, with the spec's
 * messages; the server checks the same rules) and a support guide. A valid form shows the spec's toast at once.
 */
export function ContactPage() {
  usePageMeta({
    title: 'Contact Us',
    description:
      'Questions about listings, plans or searches? Write to the BookStrut team; we answer within 48 hours.',
    canonicalPath: paths.contact,
  })
  const [form, setForm] = useState<ContactForm>(EMPTY)
  const [errors, setErrors] = useState<ContactFormErrors>({})
  const [touched, setTouched] = useState(false)
  const send = useCreateContact()

  const change = (field: keyof ContactForm, value: string) => {
    const next = { ...form, [field]: value }
    setForm(next)
    if (touched) setErrors(contactFormErrors(next))
    else setErrors((e) => ({ ...e, [field]: contactFormErrors(next)[field] }))
  }
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    const found = contactFormErrors(form)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    // Spec: the toast shows at once, without waiting for the result; a failure is told afterwards.
    toast.success(CONTACT_TEXTS.submitted)
    send.mutate(form, {
      onSuccess: () => {
        setForm(EMPTY)
        setTouched(false)
      },
      onError: (error) => toast.error(errorMessage(error, CONTACT_TEXTS.failed)),
    })
  }

  return (
    <ContentPage narrow={false}>
      <Breadcrumb trail={[]} current="Contact Us" />
      <h1 className={styles.title}>Contact Us</h1>
      <div className={styles.columns}>
        <form className={styles.form} onSubmit={handleSubmit} noValidate aria-label="Contact form">
          {FIELDS.map((f) => {
            const id = `contact-${f.name}`
            const error = errors[f.name]
            const common = {
              id,
              name: f.name,
              value: form[f.name],
              'aria-invalid': error ? true : undefined,
              'aria-describedby': error ? `${id}-error` : undefined,
            }
            return (
              <div key={f.name} className={styles.field}>
                <label htmlFor={id}>{f.label}</label>
                {f.name === 'message' ? (
                  <textarea
                    {...common}
                    rows={6}
                    maxLength={5000}
                    onChange={(e) => change(f.name, e.target.value)}
                  />
                ) : (
                  <input
                    {...common}
                    type={f.type ?? 'text'}
                    maxLength={f.name === 'email' ? 254 : 200}
                    onChange={(e) => change(f.name, e.target.value)}
                  />
                )}
                {error && (
                  <span id={`${id}-error`} className={styles.error}>
                    {error}
                  </span>
                )}
              </div>
            )
          })}
          <button
            type="submit"
            className={buttonClass({ variant: 'primary', size: 'lg' })}
            disabled={send.isPending}
          >
            <span>{send.isPending ? 'Sending...' : 'Send Message'}</span>
          </button>
        </form>
        <aside>
          <section className={styles.box} style={{ marginTop: 0 }}>
            <h2>Support guide</h2>
            <ul>
              <li>Say which listing or page your question is about.</li>
              <li>For a payment, give the plan and the date.</li>
              <li>Premium members: answer within 24 hours. Free members: within 48 hours.</li>
            </ul>
          </section>
          <FaqList title="Before you write" items={contactFaq} headingLevel={2} />
        </aside>
      </div>
    </ContentPage>
  )
}
