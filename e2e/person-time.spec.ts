/**
 * Waiting for a person never times out a call: with every request's deadline
 * at 1.5 s (the page's `?timeout=` switch), a person who takes longer still
 * completes the call, on the stateless server and on the session server
 * (where the question is asked while the call's request is open).
 */
import { consoleUrl, expect, resultOf, sendTool, test } from './fixtures'

test('a person answering long after timeoutMs still completes the call, in both eras', async ({ page, stack }) => {
  // Short enough for a person to outlast, long enough for a tools/list on a loaded 2-core machine (400 ms was not).
  await page.goto(`${consoleUrl(stack)}?timeout=1500`)
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled()

  const modern = await sendTool(page, 'trip_wizard', {}, 'demo')
  const form = modern.locator('.mcp-elicit-form')
  await expect(form).toBeVisible()
  await expect(modern.locator('.mcp-elicit-panel')).toContainText('waiting for your answer')
  await page.waitForTimeout(2_000)
  await form.getByRole('button', { name: 'Accept' }).click()
  await expect(modern.locator('.mcp-elicit-form')).toBeVisible()
  await page.waitForTimeout(2_000)
  await modern.locator('.mcp-elicit-form').getByRole('button', { name: 'Skip question' }).click()
  expect(await resultOf(modern)).toMatch(/^trip_wizard/)

  const legacy = await sendTool(page, 'legacy_profile', {}, 'legacy')
  await expect(legacy.locator('.mcp-elicit-form')).toBeVisible()
  await page.waitForTimeout(2_000)
  await legacy.locator('.mcp-elicit-form').getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(legacy)).toMatch(/^legacy_profile: accept /)
})
