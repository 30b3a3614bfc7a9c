#!/usr/bin/env node
// Sums vitest JSON reports (--reporter=json) into the one line CI greps for:
//
//   vitest: N passed, M failed, K skipped
//
// N = numPassedTests, M = numFailedTests, K = numPendingTests + numTodoTests, over every file given.
// Details (per report, files that failed to load, unreadable reports) go to stderr so that stdout
// holds exactly that line. Exit code 1 when any test or test file failed, when a report is missing or
// unreadable, or when no test ran at all.
//
// Usage: node scripts/vitest-summary.mjs test-results/*.json
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'

/** @param {unknown} v */
const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)

/**
 * @param {string} file
 * @returns {{ passed: number, failed: number, skipped: number, brokenFiles: string[], ok: boolean } | { error: string }}
 */
function readReport(file) {
  let report
  try {
    report = JSON.parse(readFileSync(file, 'utf8'))
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) }
  }
  if (typeof report !== 'object' || report === null || !('numTotalTests' in report)) {
    return { error: 'not a vitest JSON report' }
  }
  const results = Array.isArray(report.testResults) ? report.testResults : []
  // A test file that throws while loading has status "failed" and no test results: numFailedTests
  // does not count it, so it is reported on its own.
  const brokenFiles = results
    .filter(
      (r) =>
        r?.status === 'failed' &&
        (!Array.isArray(r.assertionResults) || !r.assertionResults.some((a) => a?.status === 'failed')),
    )
    .map((r) => `${r.name}${r.message ? `: ${String(r.message).split('\n')[0]}` : ''}`)
  return {
    passed: num(report.numPassedTests),
    failed: num(report.numFailedTests),
    skipped: num(report.numPendingTests) + num(report.numTodoTests),
    brokenFiles,
    ok: report.success !== false && num(report.numFailedTestSuites) === 0,
  }
}

const files = process.argv.slice(2).filter((f) => !f.includes('*')) // an unmatched shell glob stays literal
let passed = 0
let failed = 0
let skipped = 0
let problems = 0

if (files.length === 0) {
  console.error('vitest-summary: no report files given (did any suite run?)')
  problems++
}

for (const file of files) {
  const r = readReport(file)
  if ('error' in r) {
    console.error(`  ${basename(file)}: unreadable report (${r.error})`)
    problems++
    continue
  }
  passed += r.passed
  failed += r.failed
  skipped += r.skipped
  console.error(`  ${basename(file)}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`)
  for (const b of r.brokenFiles) console.error(`    failed to run: ${b}`)
  if (!r.ok || r.brokenFiles.length > 0) problems++
}

console.log(`vitest: ${passed} passed, ${failed} failed, ${skipped} skipped`)

if (failed > 0 || problems > 0 || passed + failed === 0) process.exitCode = 1
