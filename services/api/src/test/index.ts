/*
 * The api's test support for other workspaces (`@bookstrut/api/testing/app`: the benches, bench/): the app as tests
 * build it, the HTTP client tests drive it with, and the analytics store it writes to. Tests and benches only.
 */
export { buildTestApp, type TestApp } from './test-app.js'
export { client, nextIp, type Answer } from './api-client.js'
export { analyticsOf } from './analytics-probe.js'
