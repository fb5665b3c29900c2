/**
 * A 2025-11-25 call cannot be resumed after a reload (its question lives in
 * the server's session and in the request the page lost): the turn says so,
 * with the last question, and its "Run it again" runs it from the start.
 */
import { expect, resultOf, test } from './fixtures'

test('a legacy call interrupted by a reload says it cannot be resumed, shows its last question, and runs again', async ({ page, turn }) => {
  const call = await turn('legacy_profile', {}, 'legacy')
  const form = call.locator('.mcp-elicit-form')
  await expect(form).toBeVisible()
  const question = (await form.locator('.mcp-elicit-message').first().innerText()).trim()
  await page.reload()
  const again = page.locator('article.demo-turn').first()
  const cut = again.getByRole('status').filter({ hasText: 'cut off when the page reloaded' })
  await expect(cut).toContainText(`Its last question: “${question}”`)
  await expect(again.locator('.mcp-elicit-error')).toHaveCount(0)
  await cut.getByRole('button', { name: 'Run it again' }).click()
  await expect(again.locator('.mcp-elicit-form')).toBeVisible()
  await again.locator('.mcp-elicit-form').getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(again)).toMatch(/^legacy_profile: accept /)
})
