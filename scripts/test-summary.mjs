#!/usr/bin/env node
/**
 * Print one closing line for the whole test command, from the vitest and Playwright JSON reports:
 * `kiln: N passed, N failed, N skipped`. Exits non-zero when a report is missing or anything failed.
 */
import { existsSync, readFileSync } from 'node:fs';

const [vitestReport, playwrightReport] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

function readJson(file) {
  if (!file || !existsSync(file)) {
    console.error(`kiln: test report ${file} is missing`);
    process.exit(1);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

const vitest = readJson(vitestReport);
passed += vitest.numPassedTests;
failed += vitest.numFailedTests;
skipped += vitest.numPendingTests + vitest.numTodoTests;

const playwright = readJson(playwrightReport);
passed += playwright.stats.expected + playwright.stats.flaky;
failed += playwright.stats.unexpected;
skipped += playwright.stats.skipped;

console.log(`kiln: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
