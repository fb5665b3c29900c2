import chromium from '@sparticuz/chromium'
import { defineConfig } from '@playwright/test'

// A Chromium that `npm install` brings (@sparticuz/chromium), or the system's
// when CHROMIUM_PATH names one. Its default flags switch web security off;
// these tests need CORS and CSP exactly as a person's browser has them.
const unsafe = /^--(disable-web-security|allow-running-insecure-content|disable-site-isolation-trials|single-process)/
// Its GL flags route compositing through SwiftShader (GL emulated on the CPU), made
// for a serverless function; on a 2-core CI machine plain software compositing is cheaper.
const gpu = /^--(use-gl|use-angle|enable-unsafe-swiftshader|ignore-gpu-blocklist|in-process-gpu)\b/
const executablePath = process.env.CHROMIUM_PATH || (await chromium.executablePath())
const args = [
  ...chromium.args.filter((arg) => !unsafe.test(arg) && !gpu.test(arg)),
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

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
