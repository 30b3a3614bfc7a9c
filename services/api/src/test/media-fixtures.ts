// Moved to src/testing (the api's `/testing` entry, which the client's tests use too).
export * from '../testing/media-fixtures.js'
