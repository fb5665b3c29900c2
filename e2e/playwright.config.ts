import { defineConfig } from '@playwright/test'
import { chromiumLaunch } from './chromium.ts'

const { executablePath, args } = await chromiumLaunch()

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results/e2e',
  globalSetup: './global-setup.ts',
  // Files in parallel, tests within a file in order; each worker has its own demo stack on free ports (fixtures.ts).
  // Two workers: CI has two cores.
  fullyParallel: false,
  workers: 2,
  // One retry on CI for the rare browser that dies at launch (seen once here); a test that needs it is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath, args },
    viewport: { width: 1000, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
