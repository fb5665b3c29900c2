/**
 * Decline, cancel, reload, the legacy era and cancelling a slow call, as a
 * person does them in the demo page.
 */
import { expect, resultOf, sendTool, test } from './fixtures'

test('decline and cancel reach the server', async ({ turn }) => {
  const declined = await turn('trip_wizard')
  await declined.getByRole('button', { name: 'Decline' }).click()
  expect(await resultOf(declined)).toBe('trip_wizard: stopped at destination (decline)')
  const cancelled = await turn('trip_wizard')
  await cancelled.getByRole('button', { name: 'Skip question' }).click()
  expect(await resultOf(cancelled)).toBe('trip_wizard: stopped at destination (cancel)')
})

test('Escape cancels the question', async ({ turn, page }) => {
  const call = await turn('two_questions')
  await call.getByRole('textbox', { name: 'City' }).focus()
  await page.keyboard.press('Escape')
  await call.getByRole('checkbox', { name: 'Send me updates' }).focus()
  await page.keyboard.press('Escape')
  expect(await resultOf(call)).toBe('two_questions: first=cancel; second=cancel')
})

test('the legacy server shows the same form, and its answers reach the tool', async ({ turn, stack }, testInfo) => {
  const call = await turn('legacy_profile', {}, 'legacy')
  const form = call.locator('.mcp-elicit-form')
  await expect(form.getByText('Tell the legacy server about yourself.')).toBeVisible()
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Grace Hopper')
  await form.getByRole('spinbutton', { name: 'Age' }).fill('46')
  await form.page().screenshot({ path: testInfo.outputPath('legacy-form.png') })
  await form.getByRole('button', { name: 'Accept' }).click()
  const text = await resultOf(call)
  expect(text).toMatch(/^legacy_profile: accept /)
  expect(JSON.parse(text.replace('legacy_profile: accept ', ''))).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', age: 46, colour: 'blue', newsletter: true })
  expect(stack.legacy.sessions().length).toBeGreaterThan(0)
})

test('the legacy URL step: consent, the outside page, then elicitation/complete', async ({ page, turn, stack }) => {
  const before = stack.legacy.hits('/confirm')
  const call = await turn('legacy_confirm', {}, 'legacy')
  const card = call.locator('.mcp-elicit-url')
  await expect(card.locator('code.mcp-elicit-url-full')).toContainText(`${stack.legacy.origin}/confirm?id=`)
  expect(stack.legacy.hits('/confirm')).toBe(before)
  const [popup] = await Promise.all([page.waitForEvent('popup'), card.getByRole('button', { name: /^Open / }).click()])
  await popup.getByRole('button', { name: 'Finish' }).click()
  // Let the page Finish leads to load before closing the window: closing it mid-navigation can hang Chromium.
  await expect(popup.getByText(/ is finished \(/).first()).toBeVisible()
  await popup.close()
  await card.getByRole('button', { name: 'Done, continue' }).click()
  expect(await resultOf(call)).toMatch(/^legacy_confirm: accept; outside step completed for [\w-]+$/)
})

test('a reload in the middle of the wizard resumes it with the same requestState', async ({ page, stack }) => {
  const call = await sendTool(page, 'trip_wizard')
  await call.getByRole('combobox', { name: 'Destination' }).selectOption({ label: 'Reykjavík, Iceland' })
  await call.getByRole('button', { name: 'Accept' }).click()
  await expect(call.getByText(/Step 2 of 3/)).toBeVisible()
  const posts = () => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'trip_wizard').length
  const before = posts()
  await page.reload()
  const resumed = page.locator('article.demo-turn').last()
  await expect(resumed.getByText(/Step 2 of 3: when\? \(Reykjavík, Iceland, 2 travellers\)/)).toBeVisible()
  // Resuming shows the saved round: nothing was sent again.
  expect(posts()).toBe(before)
  await resumed.getByRole('button', { name: 'Accept' }).click()
  await resumed.getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(resumed)).toBe('trip_wizard: booked {"destination":"reykjavik","travellers":2,"depart":"2026-09-14","return":"2026-09-21"}')
})

test('Stop during progress cancels the call on the server', async ({ turn, stack }) => {
  const call = await turn('slow_report', { seconds: 20 })
  const bar = call.getByRole('progressbar')
  await expect(bar).toBeVisible()
  await expect(call.locator('.mcp-elicit-progress-text')).toContainText('of 20 s')
  await call.getByRole('button', { name: 'Stop' }).click()
  await expect(call.getByRole('status')).toHaveText('Cancelled.')
  const report = await stack.demo.waitForReceived('slow_report', 5000)
  expect(report.data).toMatchObject({ seconds: 20, aborted: true })
})
