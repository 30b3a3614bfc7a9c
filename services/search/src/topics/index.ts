export * from './topic-text.js'
export * from './refresh-topics.js'
export * as topicsRepo from './topics.repository.js'
