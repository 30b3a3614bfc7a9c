// Moved to src/testing (the api's `/testing` entry, which the client's e2e uses too).
export * from '../testing/stripe-stand-in.js'
