export * from './duplicate-ideas.js'
