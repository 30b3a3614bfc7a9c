import { image } from './media-fixtures.js'
import { buildTestApp, type TestApp } from './test-app.js'

/** The app for the listing tests and the PNG cover their forms carry. */
export async function buildListingTestApp(): Promise<{ t: TestApp; png: Buffer }> {
  return { t: await buildTestApp(), png: await image('png') }
}
