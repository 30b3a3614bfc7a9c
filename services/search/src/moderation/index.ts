export * from './words-filter.js'
export * from './readers-words.js'
export { MAX_PUBLIC_TOPICS, publishApproved } from './topic-queue.js'
export * as topicCandidatesRepo from './topic-candidates.repository.js'
