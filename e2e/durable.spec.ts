/**
 * Questions that outlive the tab and the browser, in the demo page: its
 * calls are kept on the page server's backend store (PGlite) for the
 * browser's demo user (a session cookie). Two browser contexts of the same
 * user ("laptop" and "phone", the phone signed in through the page's link)
 * and two tabs of one context.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { chromiumLaunch } from './chromium'
import { consoleUrl, expect, resultOf, sendTool, test } from './fixtures'

test.use({ demoPage: false })

async function open(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto(url)
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled()
  return page
}

const elsewhere = (page: Page) => page.getByRole('region', { name: 'Questions from your other tabs and browsers' })
/** What the backend keeps of the user's calls in `status`, read from the page (its session cookie goes along). */
const backendSays = (page: Page, status: 'pending' | 'finished') =>
  page.evaluate(async (status) => {
    const { calls } = (await (await fetch('/api/mcp-calls/')).json()) as { calls: Array<{ key: string; status: string }> }
    const kept = calls.filter((call) => call.status === status)
    return (await Promise.all(kept.map((call) => fetch(`/api/mcp-calls/${encodeURIComponent(call.key)}`).then((response) => response.text())))).join('\n')
  }, status)

/** SEP-2356's 1×1 PNG, padded after its end to `bytes`. */
const paddedPng = (bytes: number) => Buffer.concat([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg==', 'base64'), Buffer.alloc(bytes - 70)])

const BOOKED = 'trip_wizard: booked {"destination":"reykjavik","travellers":2,"depart":"2026-09-14","return":"2026-09-21"}'

test('a question asked on the laptop is answered on the phone; the laptop shows the rest and the result; the tool ran once', async ({ browser, stack }) => {
  const posts = () => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'trip_wizard').length
  const before = posts()
  const laptop = await open(browser, consoleUrl(stack))
  const call = await sendTool(laptop, 'trip_wizard')
  await expect(call.getByRole('combobox', { name: 'Destination' })).toBeVisible()
  const link = await laptop.getByTestId('link-browser').getAttribute('href')
  const phone = await open(browser, link!)
  const there = elsewhere(phone)
  await there.getByRole('combobox', { name: 'Destination' }).selectOption({ label: 'Reykjavík, Iceland' })
  await there.getByRole('button', { name: 'Accept' }).click()
  // The laptop's question closes and the next round shows, without a reload.
  await expect(call.getByText(/Step 2 of 3/)).toBeVisible()
  await call.getByRole('button', { name: 'Accept' }).click()
  await call.getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(call)).toBe(BOOKED)
  // One first call and one retry per round: nothing ran twice.
  expect(posts() - before).toBe(4)
  await laptop.context().close()
  await phone.context().close()
})

test('two tabs of one browser stay in step: answered in one, the other moves on', async ({ browser, stack }) => {
  const first = await open(browser, consoleUrl(stack))
  const call = await sendTool(first, 'trip_wizard')
  await expect(call.getByRole('combobox', { name: 'Destination' })).toBeVisible()
  const second = await first.context().newPage()
  await second.goto(consoleUrl(stack))
  const there = elsewhere(second)
  await there.getByRole('combobox', { name: 'Destination' }).selectOption({ label: 'Reykjavík, Iceland' })
  await there.getByRole('button', { name: 'Accept' }).click()
  await expect(call.getByText(/Step 2 of 3/)).toBeVisible()
  await expect(there.getByText(/Step 2 of 3/)).toBeVisible()
  await first.context().close()
})

test('a closed and reopened browser finds its question, with the file that stayed in its IndexedDB', async ({ stack }) => {
  // Two browser starts on one profile: a bound, not a timing assertion.
  test.setTimeout(90_000)
  const { executablePath, args } = await chromiumLaunch()
  const profile = await mkdtemp(join(tmpdir(), 'mcp-elicit-profile-'))
  const launch = () => chromium.launchPersistentContext(profile, { executablePath, args, headless: true, viewport: { width: 1000, height: 900 } })
  const before = stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'describe_image').length
  try {
    const first = await launch()
    const page = first.pages()[0] ?? (await first.newPage())
    await page.goto(consoleUrl(stack))
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled()
    const call = await sendTool(page, 'describe_image')
    // Over the backend store's maxFileBytes (256 KiB): the backend's copy says it stayed on this device; IndexedDB holds it.
    // (Under the demo handler's record cap once the server shows it back in the result: the finished call is kept too.)
    await call.locator('.mcp-elicit-form').getByLabel('Image').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: paddedPng(300_000) })
    await expect(call.locator('.mcp-elicit-file-item')).toContainText('big.png (image/png,')
    // The pending call (with its draft) is on the backend before the browser goes.
    await expect.poll(() => backendSays(page, 'pending')).toContain('"stayedOnDevice":true')
    await first.close()

    // The same profile again: the tab's conversation (sessionStorage) is gone; the question is not, nor the file.
    const second = await launch()
    const again = second.pages()[0] ?? (await second.newPage())
    await again.goto(consoleUrl(stack))
    const there = elsewhere(again)
    await expect(there.locator('.mcp-elicit-file-item')).toContainText('Chosen file (image/png,')
    await expect(there.locator('.mcp-elicit-file-refused')).toHaveCount(0)
    await there.getByRole('button', { name: 'Accept' }).click()
    // The panel shows pending calls only: the finished one leaves it, its result kept on the backend.
    await expect.poll(() => backendSays(again, 'finished')).toContain('describe_image: a image/png image of 300000 bytes')
    await expect(there.locator('.mcp-elicit-form')).toHaveCount(0)
    // The first call and one retry: the reopened browser resumed the round, it did not run the tool again.
    expect(stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'describe_image').length - before).toBe(2)
    await second.close()
  } finally {
    await rm(profile, { recursive: true, force: true })
  }
})
