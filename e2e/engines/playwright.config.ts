/**
 * The engine suite (e2e/engines/): the scenarios that differ most between
 * engines, in Chromium, Firefox ESR and WebKitGTK, driven through
 * puppeteer-core and selenium-webdriver (not Playwright's browsers: its
 * Firefox and WebKit builds are downloads). Playwright is the test runner
 * only. `node e2e/engines/run.ts` (`npm run test:engines`) picks the projects
 * of the engines this machine has and says which it does not.
 */
import { defineConfig } from '@playwright/test'
import type { EngineName } from './tab.ts'

const project = (name: EngineName) => ({ name, use: { engineName: name } })

export default defineConfig<object, { engineName: EngineName }>({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/engines',
  globalSetup: '../global-setup.ts',
  // One spec file: each engine's scenarios run in order in one worker, on one demo stack and one browser.
  // Two workers: two engines at a time, as CI has two cores.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [project('chromium'), project('firefox'), project('webkit')],
})
