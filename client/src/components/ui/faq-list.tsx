import { useId, useState, type ReactNode } from 'react'
import styles from './faq-list.module.css'
import { stackListClass } from './stack-list'

export interface FaqItem {
  question: string
  answer: ReactNode
}

/** A question-and-answer accordion: one item open at a time; clicking the open one closes it. */
export function FaqList({
  title = 'Frequently Asked Questions',
  items,
  headingLevel = 2,
}: {
  title?: string
  items: readonly FaqItem[]
  headingLevel?: 2 | 3
}) {
  const [open, setOpen] = useState<number | null>(null)
  const baseId = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const ItemHeading = headingLevel === 2 ? 'h3' : 'h4'
  return (
    <section className="faq-block" aria-labelledby={`${baseId}-title`}>
      <Heading id={`${baseId}-title`} className={styles['faq-block__title']}>
        {title}
      </Heading>
      <ul className={`${stackListClass} ${styles['faq-block__list']}`}>
        {items.map((item, index) => {
          const isOpen = open === index
          const panelId = `${baseId}-panel-${index}`
          return (
            <li
              key={item.question}
              className={`${styles['faq-item']}${isOpen ? ` ${styles['faq-item--open']}` : ''}`}
            >
              <ItemHeading className={styles['faq-item__heading']}>
                <button
                  type="button"
                  className={styles['faq-item__question']}
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => setOpen(isOpen ? null : index)}
                >
                  <span>{item.question}</span>
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                    <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
                  </svg>
                </button>
              </ItemHeading>
              <div id={panelId} className={styles['faq-item__answer']} hidden={!isOpen}>
                {item.answer}
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
