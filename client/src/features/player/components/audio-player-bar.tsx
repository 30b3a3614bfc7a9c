import { useEffect, useState, type RefObject } from 'react'
import { Link } from 'react-router-dom'
import { CoverImage } from '@/components/ui/fallback-image'
import { Icon } from '@/components/ui/icon'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { formatDuration } from '@/lib/format'
import type { PlayerApi } from '@/lib/player'
import { SkipIcon } from './skip-icon'
import styles from './audio-player-bar.module.css'
import { containerClass } from '@/components/ui/container'
import { playToggleClass } from '@/components/book/play-toggle'
import { iconButtonClass } from '@/components/ui/icon-button'

/** Position and length of the audio, following its events. */
function useAudioTime(audioRef: RefObject<HTMLAudioElement | null>) {
  const [time, setTime] = useState({ current: 0, duration: 0 })
  useEffect(() => {
    const audio = audioRef.current
    if (!audio) return
    const update = () =>
      setTime({
        current: audio.currentTime,
        duration: Number.isFinite(audio.duration) ? audio.duration : 0,
      })
    const events = ['timeupdate', 'durationchange', 'loadedmetadata', 'emptied', 'seeked'] as const
    for (const e of events) audio.addEventListener(e, update)
    return () => {
      for (const e of events) audio.removeEventListener(e, update)
    }
  }, [audioRef])
  return time
}

/** The bottom bar: cover, title, author, −10 s, play/pause, +10 s, position slider, times and close. */
export function AudioPlayerBar({
  api,
  audioRef,
  visible,
}: {
  api: PlayerApi
  audioRef: RefObject<HTMLAudioElement | null>
  visible: boolean
}) {
  const { track, status } = api
  const { current, duration } = useAudioTime(audioRef)
  const playing = status === 'playing'
  return (
    <section
      className={`${styles['player-bar']}${visible ? ` ${styles['player-bar--open']}` : ''}`}
      aria-label="Audio player"
      aria-hidden={!visible}
      inert={!visible}
    >
      {track && (
        <div className={containerClass(styles['player-bar__inner'])}>
          <Link to={paths.singleBook(track.bookId)} className={styles['player-bar__book']}>
            <CoverImage src={track.coverUrl} className={styles['player-bar__cover']} width={48} height={64} />
            <span className={styles['player-bar__text']}>
              <span className={styles['player-bar__title']}>{track.title}</span>
              <span className={styles['player-bar__author']}>{track.author}</span>
            </span>
          </Link>
          <div className={styles['player-bar__controls']}>
            <button
              type="button"
              className={iconButtonClass}
              onClick={() => api.seekBy(-10)}
              aria-label="Back 10 seconds"
            >
              <SkipIcon direction="back" />
            </button>
            <button
              type="button"
              className={playToggleClass('large')}
              onClick={() => (playing || status === 'loading' ? api.pause() : api.play())}
              aria-label={playing || status === 'loading' ? 'Pause' : 'Play'}
              data-status={status}
            >
              {status === 'loading' ? (
                <Spinner size="sm" />
              ) : (
                <Icon name={playing ? 'pause' : 'play'} size={20} />
              )}
            </button>
            <button
              type="button"
              className={iconButtonClass}
              onClick={() => api.seekBy(10)}
              aria-label="Forward 10 seconds"
            >
              <SkipIcon direction="forward" />
            </button>
          </div>
          <div className={styles['player-bar__progress']}>
            <span className={styles['player-bar__time']}>{formatDuration(current)}</span>
            <input
              type="range"
              min={0}
              max={duration || 0}
              step={0.1}
              value={Math.min(current, duration || 0)}
              onChange={(e) => api.seekTo(Number(e.target.value))}
              aria-label="Position"
              aria-valuetext={`${formatDuration(current)} of ${formatDuration(duration)}`}
              disabled={!duration}
            />
            <span className={styles['player-bar__time']}>{formatDuration(duration)}</span>
          </div>
          <button
            type="button"
            className={`${iconButtonClass} ${styles['player-bar__close']}`}
            onClick={api.stop}
            aria-label="Close player"
          >
            <Icon name="close" />
          </button>
        </div>
      )}
    </section>
  )
}
