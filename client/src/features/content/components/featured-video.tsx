import styles from './content.module.css'
import { containerClass } from '@/components/ui/container'
import { section } from '@/components/ui/section'

/** A YouTube or Vimeo address as its embed address; null for anything else (played by a video element). */
export function embedUrl(link: string): string | null {
  let url: URL
  try {
    url = new URL(link, window.location.origin)
  } catch {
    return null
  }
  const host = url.hostname.replace(/^www\./, '')
  if (host === 'youtube.com' || host === 'm.youtube.com') {
    const id = url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts)\/([\w-]+)/)?.[1]
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null
  }
  if (host === 'youtu.be') return `https://www.youtube-nocookie.com/embed/${url.pathname.slice(1)}`
  if (host === 'vimeo.com') return `https://player.vimeo.com/video/${url.pathname.slice(1)}`
  return null
}

/**
 * The home page's featured video (settings' homePageMedia): an embed for video sites, a video element otherwise.
 * Without one (or while the settings load) the section is not there at all: a heading over "No video available"
 * looked unfinished (issue 48).
 */
export function FeaturedVideo({ link }: { link: string | null | undefined }) {
  if (!link) return null
  const embed = embedUrl(link)
  return (
    <section className={section.block} aria-labelledby="featured-video-title">
      <div className={containerClass()}>
        <h2 id="featured-video-title" className={section.title}>
          See BookStrut in action
        </h2>
        <div className={styles.video}>
          {embed ? (
            <iframe
              src={embed}
              title="Featured video"
              loading="lazy"
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
            />
          ) : (
            <video src={link} controls preload="metadata" aria-label="Featured video" />
          )}
        </div>
      </div>
    </section>
  )
}
