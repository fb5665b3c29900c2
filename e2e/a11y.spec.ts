/**
 * Accessibility: axe finds no violation on any form, card or panel, and a
 * person completes a multi-round flow with the keyboard alone.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect, resultOf, test } from './fixtures'

/** axe over the whole page: every card it holds, the composer, the picker and the wire log. */
async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

test('axe: no violations on forms, URL cards, approval cards and panels', async ({ page, turn }) => {
  // Every card stays in the chat, waiting for its answer, so one run over the whole page checks them all as they
  // first showed (a run per card cost ~8 s each on a loaded machine and checked nothing more).
  // A bound, not a timing assertion (a loaded 2-core machine needs more than the default 30 s).
  test.setTimeout(90_000)
  const cards: [string, Locator][] = []
  for (const [tool, server, ready] of [
    ['profile_form', 'demo', '.mcp-elicit-form'],
    ['two_questions', 'demo', '.mcp-elicit-panel'],
    ['connect_account', 'demo', '.mcp-elicit-url'],
    ['ask_model', 'demo', '.mcp-elicit-approval'],
    ['list_workspace', 'demo', '.mcp-elicit-approval'],
    ['echo_html', 'demo', '.mcp-elicit-form'],
    ['legacy_profile', 'legacy', '.mcp-elicit-form'],
  ] as const) {
    const call = await turn(tool, {}, server)
    await expect(call.locator(ready).first(), tool).toBeVisible()
    cards.push([tool, call.locator(ready).first()])
  }
  // A form after a failed accept: errors shown and announced.
  const invalid = await turn('profile_form')
  await invalid.getByRole('textbox', { name: 'Full name' }).fill('')
  await invalid.getByRole('button', { name: 'Accept' }).click()
  await expect(invalid.getByRole('alert').first()).toBeVisible()
  // Every card is still there, unanswered, when axe runs.
  for (const [tool, card] of cards) await expect(card, tool).toBeVisible()
  expect(await axe(page)).toEqual([])
})

test('keyboard only: the three-round wizard from first field to result', async ({ page, turn }) => {
  const call = await turn('trip_wizard')
  const destination = call.getByRole('combobox', { name: 'Destination' })
  await expect(destination).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(destination.locator('option:checked')).toHaveText('Kyoto, Japan')
  await page.keyboard.press('Tab')
  await expect(call.getByRole('spinbutton', { name: 'Travellers' })).toBeFocused()
  await page.keyboard.press('Control+A')
  await page.keyboard.type('4')
  await page.keyboard.press('Enter')
  await expect(call.getByText(/Step 2 of 3: when\? \(Kyoto, Japan, 4 travellers\)/)).toBeVisible()
  await expect(call.getByLabel('Departure')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(call.getByText(/Step 3 of 3/)).toBeVisible()
  await expect(call.getByRole('checkbox', { name: 'Book this trip' })).toBeFocused()
  // Tab to Accept, press Space.
  await page.keyboard.press('Tab')
  await expect(call.getByRole('button', { name: 'Accept' })).toBeFocused()
  await page.keyboard.press('Space')
  expect(await resultOf(call)).toBe('trip_wizard: booked {"destination":"kyoto","travellers":4,"depart":"2026-09-14","return":"2026-09-21"}')
})
