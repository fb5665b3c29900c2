/**
 * The demo stack (both demo servers and the built page under a strict CSP)
 * started once per worker, and helpers the specs share.
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { startDemoStack, type DemoStack } from '../demo/stack.ts'

export const test = base.extend<{ turn: (tool: string, args?: object, server?: string) => Promise<Locator>; demoPage: boolean }, { stack: DemoStack }>({
  /** Open the demo's chat page before the test; a spec of another page (the chat-framework pages) opens its own. */
  demoPage: [true, { option: true }],
  stack: [
    async ({}, use) => {
      // 62 s access tokens: the client refreshes 60 s before expiry, so a refresh is due 2 s after a sign-in.
      const stack = await startDemoStack({ mode: 'static', accessTokenTtl: 62 })
      await use(stack)
      await stack.close()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  page: async ({ page, stack, demoPage }, use) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      // What an MCP App logs inside its sandbox (its own errors, the CSP refusing it) is the app's, not the page's:
      // the proxy's document is on the sandbox origin, the app's is written into its frame (no URL).
      const where = message.location().url
      if (message.type() === 'error' && where !== '' && !stack.sandboxes.some((sandbox) => where.startsWith(sandbox.origin))) errors.push(message.text())
    })
    // Each test has a browser context of its own: its storage starts empty.
    if (demoPage) {
      await page.goto(stack.pageUrl)
      await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled()
    }
    await use(page)
    // CSP violations and uncaught errors show up here; a test that passes with them would hide a real failure.
    // The provider without CORS on its token endpoint is blocked on purpose (its own test checks the typed error).
    // So is the app view that throws before it connects (the native-form fallback's test).
    const deliberate = (e: string) => /net::ERR_ABORTED|Failed to load resource/.test(e) || e.includes(stack.protected.noCors.as.origin) || e.includes('broken on purpose')
    expect(errors.filter((e) => !deliberate(e))).toEqual([])
  },
  turn: async ({ page }, use) => {
    await use(async (tool, args = {}, server = 'demo') => sendTool(page, tool, args, server))
  },
})

export { expect }

/** Picks a server and a tool, sends it, and returns the new chat turn. */
export async function sendTool(page: Page, tool: string, args: object = {}, server = 'demo'): Promise<Locator> {
  await page.getByRole('combobox', { name: 'Server' }).selectOption(server)
  const toolPicker = page.getByRole('combobox', { name: 'Tool', exact: true })
  await expect(toolPicker.locator(`option[value="${tool}"]`)).toHaveCount(1)
  await toolPicker.selectOption(tool)
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify(args))
  const before = await page.locator('article.demo-turn').count()
  await page.getByRole('button', { name: 'Send' }).click()
  const turn = page.locator('article.demo-turn').nth(before)
  await expect(turn).toBeVisible()
  return turn
}

/** In a URL consent card: Open (the popup), Finish the outside step there, then "Done, continue". */
export async function completeOutsideStep(page: Page, card: Locator): Promise<void> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), card.getByRole('button', { name: /^Open / }).click()])
  await popup.getByRole('button', { name: 'Finish' }).click()
  await expect(popup.getByText(/ is finished \(/).first()).toBeVisible()
  await popup.close()
  await card.getByRole('button', { name: 'Done, continue' }).click()
}

/** The text of a finished call's result. */
export async function resultOf(turn: Locator): Promise<string> {
  const result = turn.locator('.mcp-elicit-result-content, .demo-result')
  await expect(result).toBeVisible()
  return (await result.innerText()).trim()
}
