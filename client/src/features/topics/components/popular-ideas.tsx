import { Link } from 'react-router-dom'
import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import { useTopics } from '../api/get-topics'
import { TopicLinks } from './topics-page'
import { section } from '@/components/ui/section'

/** How many ideas the home page shows; the rest are on /topics. */
const HOME_TOPICS = 12

/** The home page's "Popular ideas": links to the topic pages (nothing at all while there are none). */
export function PopularIdeas() {
  const topics = useTopics()
  if (!topics.data || topics.data.length === 0) return null
  return (
    <section className={section.block} aria-labelledby="popular-ideas-title">
      <Container>
        <p className={section.eyebrow}>What readers look for</p>
        <h2 id="popular-ideas-title" className={section.title}>
          Popular ideas
        </h2>
        <TopicLinks topics={topics.data.slice(0, HOME_TOPICS)} />
        <p>
          <Link to={paths.topics}>All topics</Link>
        </p>
      </Container>
    </section>
  )
}
