import { Link } from 'react-router-dom'
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { ReadingStats as Stats } from '@bookstrut/schemas'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { useReadingStats } from '../api/get-reading-stats'
import { books, booksRead, monthTick, monthTitle } from '../model/reading-stats'
import styles from './reading-stats.module.css'

/**
 * My Dashboard's reading stats (issue 49): books read per month and year, the genres read and the ideas the reader
 * saves most, from their Read shelf and saved searches. Before the first book is read, an invitation instead.
 */
export function ReadingStats({ userId }: { userId: string }) {
  const stats = useReadingStats(userId)
  return (
    <section className={styles['reading-stats']} aria-labelledby="reading-stats-title">
      <h2 id="reading-stats-title" className="h4">
        Your reading
      </h2>
      {stats.isPending ? (
        <Spinner label="Loading your reading stats" />
      ) : stats.isError ? (
        <p role="alert" className="muted">
          We couldn&apos;t load your reading stats: {errorMessage(stats.error)}
        </p>
      ) : booksRead(stats.data) === 0 && stats.data.ideas.length === 0 ? (
        <FirstSteps />
      ) : (
        <Figures stats={stats.data} />
      )}
    </section>
  )
}

function FirstSteps() {
  return (
    <div className={styles['reading-stats__empty']}>
      <p>
        Your stats start with your first book on the <strong>Read</strong> shelf: what you read each month,
        your genres and the ideas you search for.
      </p>
      <p className={styles['reading-stats__actions']}>
        <Link to={paths.home}>Find a book by three ideas</Link>
        <Link to={paths.profileImport}>Import your Goodreads or StoryGraph library</Link>
      </p>
    </div>
  )
}

function Figures({ stats }: { stats: Stats }) {
  const thisYear = Number(stats.readByMonth.at(-1)?.month.slice(0, 4))
  const readThisYear = stats.readByYear.find((y) => y.year === thisYear)?.books ?? 0
  const total = booksRead(stats)
  return (
    <>
      <p className={styles['reading-stats__summary']}>
        <span>
          <strong>{total}</strong> {total === 1 ? 'book' : 'books'} read
        </span>
        <span>
          <strong>{readThisYear}</strong> in {thisYear}
        </span>
        {stats.readUndated > 0 && (
          <span className="muted">{books(stats.readUndated)} without a finish date</span>
        )}
      </p>
      <figure className={styles['reading-stats__chart']}>
        <figcaption>Books read per month</figcaption>
        {stats.readByMonth.every((m) => m.books === 0) ? (
          <p className="muted">No books finished in the last twelve months.</p>
        ) : (
          <div className={styles['reading-stats__plot']} role="img" aria-label={monthsLabel(stats)}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={stats.readByMonth} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="#e3e2ee" strokeDasharray="3 3" vertical={false} />
                <XAxis
                  dataKey="month"
                  tickFormatter={monthTick}
                  tick={{ fontSize: 11, fill: '#5b5a72' }}
                  tickLine={false}
                  axisLine={{ stroke: '#cfcde0' }}
                  interval="preserveStartEnd"
                />
                <YAxis
                  allowDecimals={false}
                  width={28}
                  tick={{ fontSize: 11, fill: '#5b5a72' }}
                  tickLine={false}
                  axisLine={false}
                />
                <Tooltip
                  labelFormatter={(m) => (typeof m === 'string' ? monthTitle(m) : '')}
                  formatter={(value) => [typeof value === 'number' ? books(value) : '', 'Read']}
                  separator=": "
                  contentStyle={{ borderRadius: 8, borderColor: '#cfcde0', fontSize: 13 }}
                />
                <Bar
                  dataKey="books"
                  name="Read"
                  fill="#4f46e5"
                  radius={[4, 4, 0, 0]}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </figure>
      <div className={styles['reading-stats__lists']}>
        <CountList
          title="Books read per year"
          empty="No finish dates yet: set one on a Read book."
          rows={[...stats.readByYear].reverse().map((y) => ({ label: String(y.year), count: y.books }))}
          unit={books}
        />
        <CountList
          title="Genres you read"
          empty="The books you read have no genre yet."
          rows={stats.genres.map((g) => ({ label: g.genre, count: g.books }))}
          unit={books}
        />
        <CountList
          title="Ideas you search for most"
          empty="Save a search to see the ideas you come back to."
          rows={stats.ideas.map((i) => ({ label: i.idea, count: i.searches }))}
          unit={(n) => `${n} saved ${n === 1 ? 'search' : 'searches'}`}
        />
      </div>
    </>
  )
}

/** The chart said in words, for screen readers: the months with books read (the chart is shown when there are). */
function monthsLabel(stats: Stats) {
  const read = stats.readByMonth.filter((m) => m.books > 0)
  return `Books read per month: ${read.map((m) => `${monthTitle(m.month)} ${m.books}`).join(', ')}`
}

function CountList({
  title,
  empty,
  rows,
  unit,
}: {
  title: string
  empty: string
  rows: { label: string; count: number }[]
  unit: (n: number) => string
}) {
  const most = Math.max(1, ...rows.map((r) => r.count))
  return (
    <div className={styles['count-list']}>
      <h3 className="h6">{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul aria-label={title}>
          {rows.map((r) => (
            <li key={r.label} aria-label={`${r.label}: ${unit(r.count)}`}>
              <span className={styles['count-list__label']}>{r.label}</span>
              <span className={styles['count-list__count']}>{r.count}</span>
              <span
                className={styles['count-list__bar']}
                style={{ width: `${(r.count / most) * 100}%` }}
                aria-hidden="true"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
