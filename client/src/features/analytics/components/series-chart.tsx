import { useId } from 'react'
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatCount, formatListeningTick } from '../model/counts'
import { bucketTick, bucketTitle, type Bucket, type ChartPoint, type SeriesKey } from '../model/series'
import styles from './series-chart.module.css'

/** One series over the period as a small area chart (each series its own scale: hours are not counts). */
export function SeriesChart({
  points,
  bucket,
  dataKey,
  label,
  color,
  hours = false,
}: {
  points: ChartPoint[]
  bucket: Bucket
  dataKey: SeriesKey
  label: string
  color: string
  hours?: boolean
}) {
  // An SVG id must be unique on the page and plain (React's ids carry punctuation url(#…) does not take).
  const gradientId = `analytics-fill-${dataKey}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  return (
    <div className={styles['series-chart']}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={points} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={color} stopOpacity={0.28} />
              <stop offset="100%" stopColor={color} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke="#e3e2ee" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(t: number) => bucketTick(t, bucket)}
            tick={{ fontSize: 11, fill: '#5b5a72' }}
            tickLine={false}
            axisLine={{ stroke: '#cfcde0' }}
            minTickGap={24}
          />
          <YAxis
            allowDecimals={hours}
            width={40}
            tickCount={4}
            interval={0}
            tick={{ fontSize: 11, fill: '#5b5a72' }}
            tickLine={false}
            axisLine={false}
            tickFormatter={(v: number) => (hours ? formatListeningTick(v) : formatCount(v))}
          />
          <Tooltip
            labelFormatter={(t) => (typeof t === 'number' ? bucketTitle(t, bucket) : '')}
            formatter={(value) => [typeof value === 'number' ? formatCount(value, hours) : '', label]}
            separator=": "
            contentStyle={{ borderRadius: 8, borderColor: '#cfcde0', fontSize: 13 }}
          />
          <Area
            type="monotone"
            dataKey={dataKey}
            name={label}
            stroke={color}
            strokeWidth={2}
            fill={`url(#${gradientId})`}
            isAnimationActive={false}
            dot={false}
            activeDot={{ r: 4 }}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  )
}
