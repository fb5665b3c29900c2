/**
 * The custom elements (`mcp-elicit/elements`) on the demo's two pages that
 * are not React: the plain page (elements.html: one module script, every
 * element in a shadow root of its own) and the Vue page (vue.html: Vue's
 * `.prop` bindings and `@event` listeners, the light DOM). The same person's
 * steps on both, against the demo stack under its strict CSP: three rounds
 * answered and a reload that resumes them, Stop, a sign-in popup, an app that
 * draws its own question, and the events each page lists as it hears them.
 */
import type { Page } from '@playwright/test'
import { expect, resultOf, test } from './fixtures'
import { signInWithPopup } from './sign-in-helpers'

test.use({ demoPage: false })

const PAGES = [
  { title: 'plain page', path: 'elements.html' },
  { title: 'Vue page', path: 'vue.html' },
]

/** The page's list of the events it received. */
const events = (page: Page) => page.locator('#events')

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(page.locator('html[data-ready="true"]')).toHaveCount(1)
}

for (const { title, path } of PAGES) {
  test.describe(title, () => {
    test.beforeEach(async ({ page, stack }) => open(page, `${stack.pageUrl}${path}`))

    test('three rounds answered, with a reload after the first that resumes the open round', async ({ page, stack }) => {
      const wizard = page.locator('#wizard')
      // The plain page renders in shadow roots (the stylesheet adopted there), the Vue page in its light DOM.
      expect(await wizard.evaluate((element) => element.shadowRoot !== null)).toBe(path === 'elements.html')
      // Styled either way: the Run button wears the theme's accent (#1f5fd1, light), not the browser's button face.
      await expect(wizard.locator('.mcp-elicit-run')).toHaveCSS('background-color', 'rgb(31, 95, 209)')
      await wizard.getByRole('button', { name: 'Run trip_wizard' }).click()
      await wizard.getByRole('combobox', { name: 'Destination' }).selectOption({ label: 'Reykjavík, Iceland' })
      await wizard.getByRole('button', { name: 'Accept' }).click()
      await expect(wizard.getByText(/Step 2 of 3/)).toBeVisible()
      await expect(events(page)).toContainText('wizard status awaiting_input')
      const posts = () => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'trip_wizard').length
      const before = posts()

      await page.reload()
      await expect(page.locator('html[data-ready="true"]')).toHaveCount(1)
      await expect(wizard.getByText(/Step 2 of 3: when\? \(Reykjavík, Iceland, 2 travellers\)/)).toBeVisible()
      // Resuming shows the saved round: nothing was sent again.
      expect(posts()).toBe(before)
      await wizard.getByRole('button', { name: 'Accept' }).click()
      await expect(wizard.getByText(/Step 3 of 3/)).toBeVisible()
      await wizard.getByRole('button', { name: 'Accept' }).click()
      expect(await resultOf(wizard)).toBe('trip_wizard: booked {"destination":"reykjavik","travellers":2,"depart":"2026-09-14","return":"2026-09-21"}')
      // The reloaded page heard the resumed call to its end.
      await expect(events(page)).toContainText('wizard status done')
      await expect(events(page)).toContainText('wizard result ok')
    })

    test('Stop during progress cancels the call on the server, and the page hears it', async ({ page, stack }) => {
      const slow = page.locator('#slow')
      await slow.getByRole('button', { name: 'Run slow_report' }).click()
      await expect(slow.getByRole('progressbar')).toBeVisible()
      await slow.getByRole('button', { name: 'Stop' }).click()
      await expect(slow.getByRole('status')).toHaveText('Cancelled.')
      const report = await stack.demo.waitForReceived('slow_report', 5000)
      expect(report.data).toMatchObject({ seconds: 20, aborted: true })
      await expect(events(page)).toContainText('slow status running')
      await expect(events(page)).toContainText('slow status cancelled')
    })

    test('a call to a server behind a sign-in: the popup signs in, the call finishes, the sign-in element follows', async ({ page }) => {
      await expect(events(page)).toContainText('sign-in status signed_out')
      const whoami = page.locator('#whoami')
      await whoami.getByRole('button', { name: 'Run whoami' }).click()
      const card = whoami.locator('.mcp-elicit-sign-in')
      await expect(card).toHaveAttribute('data-state', 'needs_sign_in')
      await signInWithPopup(page, card)
      expect(await resultOf(whoami)).toMatch(/^whoami: ada \(scope [^)]*mcp:read/)
      await expect(events(page)).toContainText('whoami status needs_auth')
      await expect(events(page)).toContainText('whoami result ok')
      await expect(events(page)).toContainText('sign-in status signed_in')
      // Signed in, the sign-in element shows nothing.
      await expect(page.locator('#sign-in .mcp-elicit-sign-in')).toHaveCount(0)
    })

    test('an app draws the question in its sandbox; the answer reaches the tool', async ({ page }) => {
      const issue = page.locator('#issue')
      await issue.getByRole('button', { name: 'Run file_issue' }).click()
      const form = issue.frameLocator('iframe.mcp-elicit-app-frame').frameLocator('iframe').locator('#issue-form[data-app-rendered]')
      await expect(form).toBeVisible()
      await expect(issue.locator('.mcp-elicit-form')).toHaveCount(0)
      await form.locator('[name="title"]').fill('Seat map flickers')
      await form.locator('[name="severity"][value="high"]').check()
      await form.getByRole('button', { name: 'File issue' }).click()
      expect(await resultOf(issue)).toBe('file_issue: accept {"title":"Seat map flickers","severity":"high"} (asked in octo/demo with the app ui://demo/issue-form.html)')
      await expect(events(page)).toContainText('issue result ok')
    })
  })
}
