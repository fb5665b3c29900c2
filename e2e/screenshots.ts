/**
 * Takes the README's screenshots of the built demo (the same stack the
 * end-to-end tests start, under its strict CSP):
 *
 *   node e2e/screenshots.ts            # writes docs/demo.png, docs/demo-dark.png, docs/demo-mobile.png, docs/apps-*.png
 *   node e2e/screenshots.ts /tmp/shots # somewhere else
 *
 * Not a spec: the tests never rewrite docs/.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium as playwright, type Page } from 'playwright-core'
import { startDemoStack } from '../demo/stack.ts'
import { chromiumLaunch } from './chromium.ts'

const out = process.argv[2] ?? fileURLToPath(new URL('../docs', import.meta.url))
mkdirSync(out, { recursive: true })

const browser = await playwright.launch({ ...(await chromiumLaunch()), headless: true })
const stack = await startDemoStack({ mode: 'static' })
// The screenshots show the tool-picker console (the front page is the chat with three servers).
const consoleUrl = (s: { pageUrl: string }) => `${s.pageUrl}console.html`

async function send(page: Page, tool: string, args: object = {}) {
  const picker = page.getByRole('combobox', { name: 'Tool', exact: true })
  await picker.locator(`option[value="${tool}"]`).waitFor({ state: 'attached' })
  await picker.selectOption(tool)
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify(args))
  const before = await page.locator('article.demo-turn').count()
  await page.getByRole('button', { name: 'Send' }).click()
  const turn = page.locator('article.demo-turn').nth(before)
  await turn.waitFor()
  return turn
}

/** A conversation: two finished calls (the older one folded) and the wizard waiting at step 2. */
async function scene(page: Page) {
  await page.goto(consoleUrl(stack))
  await page.evaluate(() => sessionStorage.clear())
  await page.reload()
  await page.getByRole('button', { name: 'Send' }).waitFor()
  const crunch = await send(page, 'crunch_numbers', { steps: 3 })
  await crunch.locator('.mcp-elicit-result-content').waitFor()
  const lookup = await send(page, 'regional_lookup', { region: 'eu-west', query: 'https://example.com/a/rather/long/address/that/wraps/inside/its/bubble?utm=demo' })
  await lookup.locator('.mcp-elicit-result-content').waitFor()
  const wizard = await send(page, 'trip_wizard')
  await wizard.getByRole('combobox', { name: 'Destination' }).selectOption({ label: 'Kyoto, Japan' })
  await wizard.getByRole('spinbutton', { name: 'Travellers' }).fill('3')
  await wizard.getByRole('button', { name: 'Accept' }).click()
  await wizard.getByText(/Step 2 of 3/).waitFor()
  // Focus off the form, so no focus ring is in the picture.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.evaluate(() => window.scrollTo(0, 0))
}

/** The seat map app, a seat picked, its question waiting in the chat under the frame. */
async function seatMap(page: Page) {
  await page.goto(consoleUrl(stack))
  await page.evaluate(() => sessionStorage.clear())
  await page.reload()
  await page.getByRole('button', { name: 'Send' }).waitFor()
  const turn = await send(page, 'seat_map', { flight: 'LX 318', rows: 6 })
  const view = turn.frameLocator('iframe.mcp-elicit-app-frame').frameLocator('iframe')
  await view.locator('#status[data-state="ready"]').waitFor()
  await view.locator('[data-seat="3C"]').click()
  await turn.locator('.mcp-elicit-app .mcp-elicit-form').waitFor()
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
}

/** A question the server's own app draws (SEP-3118). */
async function appQuestion(page: Page) {
  await page.goto(consoleUrl(stack))
  await page.evaluate(() => sessionStorage.clear())
  await page.reload()
  await page.getByRole('button', { name: 'Send' }).waitFor()
  const turn = await send(page, 'file_issue', { repo: 'octo/demo' })
  const form = turn.frameLocator('iframe.mcp-elicit-app-frame').frameLocator('iframe').locator('#issue-form[data-app-rendered]')
  await form.waitFor()
  await form.locator('[name="title"]').fill('Seat map flickers on resize')
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
}

try {
  for (const [file, draw] of [
    ['apps-seat-map.png', seatMap],
    ['apps-question.png', appQuestion],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, colorScheme: 'light' })
    const page = await context.newPage()
    await draw(page)
    await page.screenshot({ path: join(out, file), fullPage: true })
    console.log(`wrote ${join(out, file)}`)
    await context.close()
  }
  for (const [file, options] of [
    ['demo.png', { viewport: { width: 1000, height: 900 }, colorScheme: 'light' }],
    ['demo-dark.png', { viewport: { width: 1000, height: 900 }, colorScheme: 'dark' }],
    ['demo-mobile.png', { viewport: { width: 390, height: 844 }, colorScheme: 'light', deviceScaleFactor: 2, isMobile: true, hasTouch: true }],
  ] as const) {
    const context = await browser.newContext(options)
    const page = await context.newPage()
    await scene(page)
    await page.screenshot({ path: join(out, file), fullPage: true })
    console.log(`wrote ${join(out, file)}`)
    await context.close()
  }
} finally {
  await browser.close()
  await stack.close()
}
