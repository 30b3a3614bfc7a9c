import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { usePageMeta } from '@/lib/use-page-meta'
import { ARTICLE_DATE, type Article } from '../model/articles'
import { Breadcrumb, ContentPage } from './content-parts'
import styles from './content.module.css'

/** One static article in the spec's layout. */
export function ArticlePage({ article }: { article: Article }) {
  usePageMeta({
    title: article.title,
    description: article.description,
    canonicalPath: article.path,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: article.title,
      description: article.description,
      datePublished: '2024-01-15',
      author: article.author
        ? { '@type': 'Person', name: article.author.name }
        : { '@type': 'Organization', name: 'BookStrut' },
    },
  })
  return (
    <ContentPage>
      <Breadcrumb trail={[{ to: paths.blog, label: 'Blog' }]} current={article.title} />
      <h1 className={styles.title}>{article.title}</h1>
      <p className={styles.meta}>Published on {ARTICLE_DATE}</p>
      {article.author && (
        <p className={styles.box} style={{ marginTop: 0 }}>
          <strong>{article.author.name}</strong>, {article.author.role}
        </p>
      )}
      <div className={styles.prose}>
        <p>{article.intro}</p>
        {article.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.text && <p>{section.text}</p>}
            {section.list && (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
            {section.table && (
              <table>
                <thead>
                  <tr>
                    {section.table.head.map((h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {section.table.rows.map((row) => (
                    <tr key={row.join('|')}>
                      {row.map((cell, i) => (
                        <td key={`${i}-${cell}`}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        ))}
        <ul className={styles.links}>
          {article.links.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </div>
      <section className={styles.cta}>
        <h2>Find your next book by idea</h2>
        <p>
          Describe what you want to read about and hear a podblurb before you choose.{' '}
          <Link to={paths.home}>Go to BookStrut</Link>
        </p>
      </section>
      <section className={styles.box}>
        <h2>Summary</h2>
        <p>{article.summary}</p>
      </section>
    </ContentPage>
  )
}
