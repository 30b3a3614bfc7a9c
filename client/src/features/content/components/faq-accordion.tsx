import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { SafeHtml } from '@/components/ui/safe-html'
import { paths } from '@/config/paths'
import { boldProductName, longDate } from '../model/content-text'
import type { FaqEntry } from '../model/faq-entries'
import { ContentLink } from './content-parts'
import styles from './content.module.css'

/**
 * The FAQ accordion (spec): one item open at a time, clicking the open one closes it. Each item: question,
 * "Updated on" date, answer with the product's name in bold, related resources and "View full details".
 */
export function FaqAccordion({ entries }: { entries: readonly FaqEntry[] }) {
  const [open, setOpen] = useState<number | null>(null)
  const baseId = useId()
  return (
    <ul className={styles.accordion}>
      {entries.map((entry, index) => {
        const isOpen = open === index
        const panelId = `${baseId}-${index}`
        return (
          <li key={entry.id ?? entry.question} className={styles.item}>
            <h3 style={{ margin: 0, fontSize: 'inherit' }}>
              <button
                type="button"
                className={styles.question}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpen(isOpen ? null : index)}
              >
                <span>{entry.question}</span>
                <span aria-hidden="true">{isOpen ? '−' : '+'}</span>
              </button>
            </h3>
            <div id={panelId} className={styles.answer} hidden={!isOpen}>
              {entry.updatedAt && <p className={styles.updated}>Updated on {longDate(entry.updatedAt)}</p>}
              <SafeHtml html={boldProductName(entry.answer)} />
              {entry.relatedLinks.length > 0 && (
                <ul className={styles.links} aria-label="Related resources">
                  {entry.relatedLinks.map((link) => (
                    <li key={`${link.linkUrl}-${link.linkText}`}>
                      <ContentLink link={link} />
                    </li>
                  ))}
                </ul>
              )}
              {entry.id && <Link to={paths.faqDetail(entry.id)}>View full details</Link>}
            </div>
          </li>
        )
      })}
    </ul>
  )
}
