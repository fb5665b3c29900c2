/**
 * A published rjsf theme (@rjsf/shadcn) through the `theme` prop, with the
 * no-eval validator, on a page whose Content-Security-Policy has
 * `script-src 'self'` and no 'unsafe-eval': the person fills the form, gets a
 * validation error, fixes it and accepts, and the answer is the one sent. No
 * code generation is ever attempted: the browser files no CSP violation (the
 * policy reports to the page's server and fires `securitypolicyviolation` in
 * the page), which a control run (`?probe=1`, a `new Function` attempt of
 * the test page's own) shows would be seen.
 *
 * The page (e2e/theme-page/) is built with Vite into e2e/.cache/theme-page
 * and served from 127.0.0.1 (built-page.ts).
 */
import { expect, test as base, type Page } from '@playwright/test'
import { buildTestPage, serveTestPage } from './built-page.ts'

/** As the demo page's policy (demo/stack.ts), plus a report endpoint on the same origin. */
const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  'report-uri /csp-report',
].join('; ')

interface ThemePage {
  url: string
  /** Bodies of the CSP reports received so far. */
  reports: string[]
}

const test = base.extend<{}, { themePage: ThemePage }>({
  themePage: [
    async ({}, use) => {
      const dir = await buildTestPage('theme-page')
      const reports: string[] = []
      const page = await serveTestPage(dir, POLICY, (path, req, res) => {
        if (path !== '/csp-report') return false
        let body = ''
        req.on('data', (chunk) => (body += chunk))
        req.on('end', () => {
          reports.push(body)
          res.writeHead(204).end()
        })
        return true
      })
      await use({ url: page.url, reports })
      await page.close()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
})

/** Page errors, console errors and requests to other origins, collected for the whole test. */
function watch(page: Page, origin: string): string[] {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) problems.push(`requested ${request.url()}`)
  })
  return problems
}

test('a themed form with the no-eval validator: error, fix, Accept, under script-src \'self\'', async ({ page, themePage }) => {
  const problems = watch(page, themePage.url)
  themePage.reports.length = 0
  const response = await page.goto(themePage.url)
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
  expect(response?.headers()['content-security-policy']).not.toContain('unsafe-eval')

  const form = page.locator('.mcp-elicit-form')
  await expect(form).toHaveAttribute('data-validator', 'no-eval')
  await expect(form).toHaveAttribute('data-state', 'open')
  // The theme's markup, not the default templates: its label and select (a cmdk button + listbox, not a <select>).
  await expect(form.locator('[data-slot="checkbox"]')).toHaveCount(1)
  await expect(form.locator('select')).toHaveCount(0)

  const name = page.getByRole('textbox', { name: /^Full name/ })
  const email = page.getByRole('textbox', { name: /^Email/ })
  await name.fill('A')
  await email.fill('not-an-email')
  await page.getByRole('spinbutton', { name: 'Age' }).fill('36')
  await page.getByRole('button', { name: 'Accept' }).click()

  await expect(page.getByRole('alert')).toHaveText('2 answers need attention before sending.')
  await expect(form).toHaveAttribute('data-state', 'invalid')
  await expect(page.getByText('Enter an email address', { exact: true })).toBeVisible()
  await expect(name).toBeFocused()
  await expect(page.locator('#answer')).toHaveText('')

  await name.fill('Ada Lovelace')
  await email.fill('ada@example.com')
  await page.getByRole('button', { name: 'aisle' }).click()
  await page.getByRole('option', { name: 'window' }).click()
  await expect(page.getByRole('button', { name: 'window' })).toBeVisible()
  await page.getByRole('checkbox', { name: 'Newsletter' }).click()
  await expect(page.getByRole('checkbox', { name: 'Newsletter' })).toBeChecked()
  await page.getByRole('button', { name: 'Accept' }).click()

  await expect(form.getByRole('status')).toHaveText('Answer sent.')
  expect(JSON.parse(await page.locator('#answer').textContent() ?? '')).toEqual({
    action: 'accept',
    content: { name: 'Ada Lovelace', email: 'ada@example.com', age: 36, seat: 'window', newsletter: true },
  })

  // No code generation was attempted: nothing in the page, nothing reported (a report would have arrived by now: see the control).
  await page.waitForTimeout(500)
  await expect(page.locator('#violations')).toHaveText('')
  expect(themePage.reports).toEqual([])
  expect(problems).toEqual([])
})

test('control: the same page files a CSP violation when code generation is tried', async ({ page, themePage }) => {
  themePage.reports.length = 0
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(`${themePage.url}/?probe=1`)
  await expect(page.locator('#probe')).toHaveText('false')
  await expect(page.locator('#violations')).toContainText('script-src')
  await expect.poll(() => themePage.reports.length).toBe(1)
  expect(JSON.parse(themePage.reports[0]!)['csp-report']).toMatchObject({ 'blocked-uri': 'eval' })
  // Chromium logs the refused evaluation; that is the point of this control.
  expect(errors.every((e) => /unsafe-eval|Content Security Policy/i.test(e))).toBe(true)
})
