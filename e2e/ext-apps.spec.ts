/**
 * The official MCP Apps example servers as published on npm
 * (servers/ext-apps-examples.ts), each hosted as docs/apps.md sets a React
 * chat up (e2e/ext-apps-page/), in Chromium: each app mounts, initialises
 * and does its first real thing. The apps are ext-apps' own, on its `App`
 * class: where one fails, our host is what is wrong.
 *
 * One stack per worker: the page (built once), the eight servers in one
 * process of their own, and a sandbox per server on a site of its own (127.0.0.2, …)
 * (another host name than the page's 127.0.0.1).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { expect, test as base, type FrameLocator, type Page } from '@playwright/test'
import { EXT_APPS_EXAMPLES, type ExtAppsExampleId } from '../servers/ext-apps-examples.ts'
import { sandboxAddress, startSandboxOrigin, type SandboxOrigin } from '../servers/sandbox-origin.ts'
import { buildTestPage, serveTestPage } from './built-page.ts'
import type { ExampleEntry } from './ext-apps-page/main.tsx'

interface Stack {
  url: string
  /** The JSON-RPC requests a server got so far. */
  requests(id: ExtAppsExampleId): Promise<{ method?: string; tool?: string }[]>
}

const SHEET = 'X:1\nT:Scale\nM:4/4\nL:1/4\nK:C\nC D E F | G A B c |]'

/** Starts `node servers/ext-apps-examples.ts` and reads what it serves; it stops when its stdin closes. */
async function startExamples(): Promise<{ child: ChildProcess; servers: { id: ExtAppsExampleId; url: string }[]; pdfUrl: string }> {
  const script = fileURLToPath(new URL('../servers/ext-apps-examples.ts', import.meta.url))
  // Their own logging (the video server says each fetch) stays out of the report unless they fail to start.
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'pipe'] })
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)))
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the example servers exited (${code}) before they listened:\n${errors}`)))
  })
  return { child, ...JSON.parse(first) }
}

const test = base.extend<{ problems: string[]; warnings: string[] }, { stack: Stack }>({
  stack: [
    async ({}, use) => {
      const [dir, examples] = await Promise.all([buildTestPage('ext-apps-page'), startExamples()])
      // The page is on 127.0.0.1: each server's apps on a site of their own (servers/sandbox-origin.ts).
      const sandboxes: SandboxOrigin[] = await Promise.all(examples.servers.map(async (_, index) => startSandboxOrigin(await sandboxAddress(index))))
      const sandboxUrl = (index: number) => sandboxes[index]!.url
      const entries: ExampleEntry[] = examples.servers.map((server, index) => ({
        id: server.id,
        url: server.url,
        sandbox: sandboxUrl(index),
        tool: EXT_APPS_EXAMPLES[server.id].tool,
        ...(server.id === 'pdf' && { arguments: { url: examples.pdfUrl } }),
        ...(server.id === 'sheet-music' && { arguments: { abcNotation: SHEET } }),
      }))
      const policy = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        `connect-src 'self' ${examples.servers.map((server) => new URL(server.url).origin).join(' ')}`,
        `frame-src ${entries.map((entry) => new URL(entry.sandbox).origin).join(' ')}`,
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ].join('; ')
      const page = await serveTestPage(dir, policy, (path, _req, res) => {
        if (path !== '/config.json') return false
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(entries))
        return true
      })
      await use({
        url: page.url,
        requests: async (id) => {
          const server = examples.servers.find((entry) => entry.id === id)!
          return (await fetch(new URL('/requests', server.url))).json()
        },
      })
      await page.close()
      await Promise.all(sandboxes.map((sandbox) => sandbox.close()))
      examples.child.stdin!.end()
      await new Promise((resolve) => examples.child.once('exit', resolve))
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  /** The host's warnings a test expects (each once, in order); any other fails it. */
  warnings: async ({}, use) => use([]),
  /** Errors of the page itself (not of an app inside its sandbox). */
  problems: async ({ page }, use) => {
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    page.on('console', (message) => {
      const where = message.location().url
      if (message.type() === 'error' && where.startsWith('http://127.0.0.1')) problems.push(`console: ${message.text()}`)
    })
    await use(problems)
  },
})

/** The app's own document: the page frames the sandbox proxy, which frames the view. */
const viewOf = (page: Page): FrameLocator => page.frameLocator('iframe.mcp-elicit-app-frame').frameLocator('iframe')

/** Opens the page on one example: its app is mounted and initialised (the host says ready only after `initialized`). */
async function open(page: Page, stack: Stack, id: ExtAppsExampleId): Promise<FrameLocator> {
  await page.goto(`${stack.url}/?app=${id}`)
  await expect(page.locator('.mcp-elicit-app')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 })
  return viewOf(page)
}

/** What the view logged to its console (ext-apps' examples log what the host sends them). */
function viewConsole(page: Page): string[] {
  const lines: string[] = []
  page.on('console', (message) => lines.push(message.text()))
  return lines
}

const count = (requests: { method?: string; tool?: string }[], method: string, tool?: string) => requests.filter((entry) => entry.method === method && (tool === undefined || entry.tool === tool)).length

test.afterEach(async ({ page, problems, warnings }) => {
  // The host warned about nothing unexpected (a refused call, a failed read), and the page itself logged no error. The
  // client's first request, in the 2026-07-28 era, is answered 400 by these 2025-era servers: that one is the era probe.
  expect(await page.locator('#warnings li').allTextContents()).toEqual(warnings)
  expect(problems.filter((problem) => !/status of 400 \(Bad Request\)/.test(problem))).toEqual([])
})

test('basic-vanillajs: tool-input {} for a call without arguments, the result, a server call, the log, a link refused on its card, and the page\u2019s colour scheme', async ({ page, stack, warnings }) => {
  const logged = viewConsole(page)
  const view = await open(page, stack, 'basic-vanillajs')
  // McpToolCall had no arguments: the view still got tool-input (the spec's MUST), then the result it shows.
  await expect.poll(() => logged.some((line) => line.startsWith('Received tool call input:'))).toBe(true)
  const time = view.locator('#server-time')
  await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/)
  const first = await time.textContent()
  await view.getByRole('button', { name: 'Get Server Time' }).click()
  await expect(time).not.toHaveText(first!)
  await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/)
  expect(count(await stack.requests('basic-vanillajs'), 'tools/call', 'get-time')).toBe(2)
  await view.getByRole('button', { name: 'Send Log' }).click()
  await expect(page.locator('#log')).toContainText('This is log text.')
  // A link: the card says what each button does; nothing opens on "Don't open".
  let popups = 0
  page.on('popup', () => popups++)
  await view.getByRole('button', { name: 'Open Link' }).click()
  const card = page.locator('.mcp-elicit-app .mcp-elicit-url')
  await expect(card.getByRole('button')).toHaveText(['Open link to modelcontextprotocol.io', "Don't open"])
  await card.getByRole('button', { name: "Don't open" }).click()
  await expect(card).toHaveCount(0)
  expect(popups).toBe(0)
  warnings.push('[mcp-elicit/apps] ui/open-link from the app refused: Link opening denied')
  // The page's colour scheme: the view follows the reader's system, and the page's own hostContext wins while set.
  const theme = view.locator('html')
  await expect(theme).toHaveAttribute('data-theme', 'light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(theme).toHaveAttribute('data-theme', 'dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(theme).toHaveAttribute('data-theme', 'light')
  await page.getByRole('checkbox', { name: 'Pin dark theme' }).check()
  await expect(theme).toHaveAttribute('data-theme', 'dark')
  await page.getByRole('checkbox', { name: 'Pin dark theme' }).uncheck()
  await expect(theme).toHaveAttribute('data-theme', 'light')
})

test('basic-react: its server time, then a new one from a server call', async ({ page, stack }) => {
  const view = await open(page, stack, 'basic-react')
  const time = view.locator('code')
  await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/)
  const first = await time.textContent()
  await view.getByRole('button', { name: 'Get Server Time' }).click()
  await expect(time).not.toHaveText(first!)
  expect(count(await stack.requests('basic-react'), 'tools/call', 'get-time')).toBe(2)
})

test('system-monitor: polls its app-only tool with one tool listing for every call, draws the stats, and stops on Stop', async ({ page, stack }) => {
  const view = await open(page, stack, 'system-monitor')
  await expect(view.locator('#info-platform')).not.toHaveText('--')
  await expect(view.locator('#memory-percent')).toHaveText(/^\d+(\.\d+)?%$/)
  await expect.poll(async () => count(await stack.requests('system-monitor'), 'tools/call', 'poll-system-stats'), { timeout: 20_000 }).toBeGreaterThanOrEqual(3)
  await view.getByRole('button', { name: 'Stop' }).click()
  await expect(view.locator('#status-text')).toHaveText('Stopped')
  // Each poll is checked against the view's kept listing, not a tools/list of its own.
  const requests = await stack.requests('system-monitor')
  expect(count(requests, 'tools/list')).toBeLessThanOrEqual(2)
})

test('budget-allocator: a slider moved by keyboard changes the allocation it shows', async ({ page, stack }) => {
  const view = await open(page, stack, 'budget-allocator')
  const status = view.locator('#status-bar')
  await expect(status).toContainText('Allocated: $100,000 / $100,000')
  const slider = view.locator('.slider-row').first().locator('input[type="range"]')
  await slider.focus()
  await slider.press('ArrowRight')
  await expect(view.locator('.slider-row').first().locator('.percent')).toHaveText('26.0%')
  await expect(status).toContainText('Over')
})

test('cohort-heatmap: another metric is fetched through the host and drawn', async ({ page, stack }) => {
  const view = await open(page, stack, 'cohort-heatmap')
  await expect(view.getByRole('heading', { name: 'Cohort Retention Analysis' })).toBeVisible()
  // The app fetches its data itself once it is shown (an app-visible tool), and again for another metric.
  await expect.poll(async () => count(await stack.requests('cohort-heatmap'), 'tools/call', 'get-cohort-data')).toBe(2)
  const body = view.locator('body')
  const retention = await body.innerText()
  await view.getByRole('combobox').first().selectOption('revenue')
  await expect.poll(async () => count(await stack.requests('cohort-heatmap'), 'tools/call', 'get-cohort-data')).toBe(3)
  await expect.poll(() => body.innerText()).not.toBe(retention)
})

test('pdf: the viewer (its PDF.js worker from blob:) shows the local PDF, and goes to the next page', async ({ page, stack }) => {
  // A 4 MB view that starts PDF.js: on a busy 2-core machine it takes longer than the others to show its first page.
  test.setTimeout(120_000)
  const view = await open(page, stack, 'pdf')
  await expect(view.locator('#total-pages')).toHaveText('of 2', { timeout: 45_000 })
  await expect(view.locator('#page-input')).toHaveValue('1')
  await view.locator('#next-btn').click()
  await expect(view.locator('#page-input')).toHaveValue('2')
  await expect(page.locator('#model-context')).toContainText('page two')
})

test('sheet-music: the notation given as the tool\u2019s input is drawn', async ({ page, stack }) => {
  const view = await open(page, stack, 'sheet-music')
  await expect(view.locator('#sheet-music svg')).toBeVisible()
  await expect(view.locator('#sheet-music svg .abcjs-note')).toHaveCount(8)
  await expect(view.locator('#sheet-music')).toContainText('Scale')
})

test('video-resource: the video read through the host plays, and another is picked from the server\u2019s list', async ({ page, stack }) => {
  const view = await open(page, stack, 'video-resource')
  const info = view.locator('#video-info')
  await expect(info).toHaveText('Loaded via MCP resource (1MB)')
  await expect.poll(() => view.locator('#video').evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(1)
  await view.getByRole('button', { name: 'Change Video' }).click()
  await view.locator('#video-picker').selectOption({ label: 'video-bunny-5mb' })
  await view.getByRole('button', { name: 'Load Video' }).click()
  await expect(info).toHaveText('video-bunny-5mb (loaded via MCP resource)')
  const requests = await stack.requests('video-resource')
  expect(count(requests, 'resources/list')).toBeGreaterThanOrEqual(1)
  expect(count(requests, 'resources/read', 'videos://bunny-5mb')).toBe(1)
})
