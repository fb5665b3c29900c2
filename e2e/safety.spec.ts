/**
 * What must not happen: a URL fetched before consent, server text run as
 * HTML, a form that needs eval. The page is served with
 * `Content-Security-Policy: script-src 'self'` (no 'unsafe-eval').
 */
import { expect, resultOf, test } from './fixtures'

test('the page runs under a CSP without unsafe-eval, and forms validate without eval', async ({ page, stack, turn }, testInfo) => {
  const response = await page.request.get(stack.pageUrl)
  const policy = response.headers()['content-security-policy'] ?? ''
  expect(policy).toContain("script-src 'self'")
  expect(policy).not.toContain('unsafe-eval')
  expect(policy).not.toContain('unsafe-inline')
  const call = await turn('profile_form')
  const form = call.locator('.mcp-elicit-form')
  await expect(form).toHaveAttribute('data-validator', 'no-eval')
  // An invalid answer: refused, announced, focused; then corrected and sent.
  const name = form.getByRole('textbox', { name: 'Full name' })
  await name.fill('')
  await form.getByRole('spinbutton', { name: 'Age' }).fill('200')
  await form.getByRole('button', { name: 'Accept' }).click()
  await expect(form.getByRole('alert').first()).toContainText('attention')
  await expect(name).toBeFocused()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  // Plain words naming the field, not the validator's; the summary links to each field.
  await expect(form.locator('.mcp-elicit-field-errors')).toHaveText(['Enter Full name', '150 or less'])
  await form.locator('.mcp-elicit-error-summary').getByRole('link', { name: 'Age: 150 or less' }).click()
  await expect(form.getByRole('spinbutton', { name: 'Age' })).toBeFocused()
  await page.screenshot({ path: testInfo.outputPath('profile-form-invalid.png'), fullPage: true })
  await name.fill('Katherine Johnson')
  await form.getByRole('spinbutton', { name: 'Age' }).fill('101')
  await form.getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(call)).toContain('"name":"Katherine Johnson"')
})

test('a URL-mode step is never fetched before consent and opens only on click, without opener', async ({ page, stack, turn }, testInfo) => {
  // The worker's stack is shared by its spec files: count from here.
  const before = stack.demo.hits('/connect')
  const call = await turn('connect_account')
  const card = call.locator('.mcp-elicit-url')
  await expect(card).toBeVisible()
  const target = await card.locator('code.mcp-elicit-url-full').innerText()
  expect(target).toContain(`${stack.demo.origin}/connect?id=`)
  await expect(card.locator('mark.mcp-elicit-url-host')).toHaveText(new URL(stack.demo.origin).host)
  await expect(page.locator(`a[href*="/connect"], link[href*="/connect"], img[src*="/connect"], iframe`)).toHaveCount(0)
  await page.waitForTimeout(300)
  expect(stack.demo.hits('/connect')).toBe(before)
  await page.screenshot({ path: testInfo.outputPath('url-consent.png') })

  const [popup] = await Promise.all([page.waitForEvent('popup'), card.getByRole('button', { name: /^Open / }).click()])
  await popup.waitForLoadState()
  expect(popup.url()).toBe(target)
  expect(await popup.evaluate(() => window.opener)).toBeNull()
  expect(stack.demo.hits('/connect')).toBeGreaterThan(before)
  await popup.getByRole('button', { name: 'Finish' }).click()
  await expect(popup.getByText(/ is finished \(/).first()).toBeVisible()
  await popup.close()
  await card.getByRole('button', { name: 'Done, continue' }).click()
  expect(await resultOf(call)).toMatch(/^connect_account: accept; outside step completed; connected [\w-]+ after 1 ask$/)
})

test('declining a URL step opens nothing', async ({ stack, turn }) => {
  const before = stack.demo.hits('/connect')
  const call = await turn('connect_account')
  await call.locator('.mcp-elicit-url').getByRole('button', { name: 'Decline' }).click()
  expect(await resultOf(call)).toBe('connect_account: decline; not connected (outside step completed: false)')
  expect(stack.demo.hits('/connect')).toBe(before)
})

test('server text with HTML and script payloads is rendered as text: nothing runs, nothing is fetched', async ({ page, stack, turn }, testInfo) => {
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const call = await turn('echo_html')
  const form = call.locator('.mcp-elicit-form')
  await expect(form.getByText(`<script>fetch('/pwned')</script>Comment`)).toBeVisible()
  await expect(form.locator('script, img, iframe, svg, style, a[href^="javascript:"]')).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('hostile-text.png'), fullPage: true })
  await form.getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(call)).toMatch(/^echo_html: accept /)
  await expect(call.locator('.mcp-elicit-result-content').locator('script, img, iframe, svg')).toHaveCount(0)
  await page.waitForTimeout(300)
  expect(stack.demo.hits('/pwned')).toBe(0)
  expect(requested.filter((url) => url.includes('pwned'))).toEqual([])
  expect(dialogs).toEqual([])
})
