/**
 * `mountMcpApp` without React (e2e/mount-page/), against the package as
 * published (dist/, through package.json's exports) in Chromium: the page's
 * first load holds no host; the first mount fetches the host's chunk, and
 * the app (the demo server's seat map, on ext-apps' `App`) gets the input
 * and the result the page gave before the chunk was there. A chunk that
 * cannot be fetched fails the app with `APP_FRAME_FAILED`, its frame gone,
 * and the next mount fetches it again. The sandbox proxy is the package's
 * own `sandbox.html`, on a host of its own.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test as base, type Page } from '@playwright/test'
import { startDemoServer, type DemoServer } from '../servers/demo-server.ts'
import { sandboxAddress, startSandboxOrigin, type SandboxOrigin } from '../servers/sandbox-origin.ts'
import { builtPackageAliases } from './built-package.ts'
import { buildTestPage, serveTestPage } from './built-page.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
/** The host's chunk, as the page's bundler names it after its first module (dist/apps/app-host.js). */
const HOST_CHUNK = /\/assets\/app-host-[\w-]{8}\.js$/

interface Harness {
  origin: string
  demo: DemoServer
  sandbox: SandboxOrigin
}

const test = base.extend<{}, { harness: Harness }>({
  harness: [
    async ({}, use) => {
      const dir = await buildTestPage('mount-page', builtPackageAliases())
      const html = readFileSync(join(here, '..', 'dist', 'apps', 'sandbox.html'), 'utf8')
      const [demo, sandbox] = await Promise.all([startDemoServer(), sandboxAddress(0).then((address) => startSandboxOrigin({ html, ...address }))])
      // The docs' strict policy: frames only from the sandbox, scripts only from the page.
      const policy = `default-src 'self'; script-src 'self'; connect-src 'self' ${demo.origin}; frame-src ${sandbox.origin}; object-src 'none'; base-uri 'none'`
      const page = await serveTestPage(dir, policy)
      await use({ origin: page.url, demo, sandbox })
      await page.close()
      await Promise.all([demo.close(), sandbox.close()])
    },
    { scope: 'worker', timeout: 180_000 },
  ],
})

/** Opens the page; returns the host chunk's requests so far (live) and the page's errors. */
async function open(page: Page, harness: Harness) {
  const hostRequests: string[] = []
  const problems: string[] = []
  page.on('request', (request) => HOST_CHUNK.test(request.url()) && hostRequests.push(request.url()))
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto(`${harness.origin}/?${new URLSearchParams({ server: harness.demo.url, sandbox: harness.sandbox.url })}`)
  return { hostRequests, problems }
}

const viewOf = (page: Page) => page.frameLocator('#app iframe.mcp-elicit-app-frame').frameLocator('iframe')

test('the first load holds no host; the first mount fetches it, and the app gets the input and the result given meanwhile', async ({ page, harness }) => {
  const { hostRequests, problems } = await open(page, harness)
  await page.waitForLoadState('networkidle')
  expect(hostRequests).toEqual([])
  await page.getByRole('button', { name: 'Show the seat map' }).click()
  const view = viewOf(page)
  await expect(view.locator('#flight')).toHaveText('Flight LX 318')
  await expect(view.locator('#input')).toContainText('"rows":8')
  await expect(view.locator('#status')).toHaveAttribute('data-state', 'ready')
  await expect(page.locator('#events li')).toHaveText(['ready'])
  expect(hostRequests).toHaveLength(1)
  expect(problems).toEqual([])
})

test('a host that cannot be fetched: APP_FRAME_FAILED and no frame, the page still usable', async ({ page, harness }) => {
  const { hostRequests, problems } = await open(page, harness)
  await page.route(HOST_CHUNK, (route) => route.abort('internetdisconnected'))
  await page.getByRole('button', { name: 'Show the seat map' }).click()
  const failed = /^error APP_FRAME_FAILED: The app could not be shown: .*could not load the MCP Apps host of mcp-elicit/
  await expect(page.locator('#events li')).toHaveText([failed])
  await expect(page.locator('#app iframe')).toHaveCount(0)
  expect(hostRequests).toHaveLength(1)
  // Back online, the next mount asks again: a browser that re-fetches a failed module (whatwg/html#10327) shows the
  // app; one that keeps the failure until the page reloads (Chromium today) fails it the same typed way.
  await page.unroute(HOST_CHUNK)
  await page.getByRole('button', { name: 'Show the seat map' }).click()
  await expect(page.locator('#events li')).toHaveCount(2)
  await expect(page.locator('#events li').last()).toHaveText(hostRequests.length > 1 ? 'ready' : failed)
  expect(problems).toEqual([])
})
