/**
 * Questions that outlive the tab and the browser, in the demo page: its
 * calls are kept on the page server's backend store (PGlite) for the
 * browser's demo user (a session cookie). Two browser contexts of the same
 * user ("laptop" and "phone", the phone signed in through the page's link)
 * and two tabs of one context.
 */
import type { Browser, Page } from '@playwright/test'
import { expect, resultOf, sendTool, test } from './fixtures'

test.use({ demoPage: false })

async function open(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto(url)
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled()
  return page
}

const elsewhere = (page: Page) => page.getByRole('region', { name: 'Questions from your other tabs and browsers' })
const BOOKED = 'trip_wizard: booked {"destination":"reykjavik","travellers":2,"depart":"2026-09-14","return":"2026-09-21"}'

test('a question asked on the laptop is answered on the phone; the laptop shows the rest and the result; the tool ran once', async ({ browser, stack }) => {
  const posts = () => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'trip_wizard').length
  const before = posts()
  const laptop = await open(browser, stack.pageUrl)
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
  const first = await open(browser, stack.pageUrl)
  const call = await sendTool(first, 'trip_wizard')
  await expect(call.getByRole('combobox', { name: 'Destination' })).toBeVisible()
  const second = await first.context().newPage()
  await second.goto(stack.pageUrl)
  const there = elsewhere(second)
  await there.getByRole('combobox', { name: 'Destination' }).selectOption({ label: 'Reykjavík, Iceland' })
  await there.getByRole('button', { name: 'Accept' }).click()
  await expect(call.getByText(/Step 2 of 3/)).toBeVisible()
  await expect(there.getByText(/Step 2 of 3/)).toBeVisible()
  await first.context().close()
})
