/**
 * The page as a chat product: nothing wider than a phone, finished turns
 * folded to one line and opened again from the keyboard, and a dark mode
 * that axe finds nothing wrong with.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect, resultOf, test } from './fixtures'

const longUrl = `https://example.com/${'a-very-long-path-segment/'.repeat(12)}?q=${'x'.repeat(160)}`

const toggleOf = (turn: Locator) => turn.locator('.demo-turn-head').getByRole('button')

async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; wide: string[] }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // For the failure message: what sticks out past the right edge.
    wide: Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  }))
}

async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

test.describe('at 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('long output, long arguments and the open wire log stay inside the viewport', async ({ page, turn }) => {
    const call = await turn('regional_lookup', { region: 'eu-west', query: `${longUrl} ${JSON.stringify({ nested: { deep: ['a'.repeat(90)] } })}` })
    expect(await resultOf(call)).toContain(longUrl)
    const form = await turn('profile_form')
    await expect(form.locator('.mcp-elicit-form')).toBeVisible()
    await page.locator('details.demo-wire summary').click()
    await expect(page.locator('details.demo-wire li').first()).toBeVisible()
    await page.locator('details.demo-wire').scrollIntoViewIfNeeded()
    const measured = await overflow(page)
    expect(measured.scrollWidth, measured.wide.join(', ')).toBeLessThanOrEqual(measured.innerWidth)
    // The folded turn's line is cut with an ellipsis, not allowed to push the page wider.
    await expect(toggleOf(call)).toHaveAttribute('aria-expanded', 'false')
    expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(390)
  })
})

test('a finished turn folds to one line when another follows, and opens and closes by keyboard', async ({ page, turn }) => {
  const first = await turn('crunch_numbers', { steps: 2 })
  expect(await resultOf(first)).toMatch(/^crunch_numbers: done after 2 rounds/)
  // The newest finished turn stays open.
  await expect(toggleOf(first)).toHaveAttribute('aria-expanded', 'true')
  const second = await turn('regional_lookup', { region: 'eu', query: 'tea' })
  expect(await resultOf(second)).toMatch(/^regional_lookup: /)

  const toggle = toggleOf(first)
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(toggle).toHaveAccessibleName('crunch_numbers')
  await expect(first.locator('.demo-turn-line')).toHaveText(/^crunch_numbers: done after 2 rounds/)
  // Folded, not gone: the call and its result stay mounted, only hidden.
  await expect(first.locator('.mcp-elicit-call')).toHaveAttribute('data-state', 'done')
  await expect(first.locator('.mcp-elicit-result-content')).toBeHidden()
  await expect(first.locator('.mcp-elicit-result-content')).toHaveCount(1)
  await expect(toggleOf(second)).toHaveAttribute('aria-expanded', 'true')

  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(toggle).toBeFocused()
  expect(await resultOf(first)).toMatch(/^crunch_numbers: done after 2 rounds/)
  const controlled = await toggle.getAttribute('aria-controls')
  await expect(page.locator(`[id="${controlled}"]`)).toBeVisible()

  await page.keyboard.press('Space')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(page.locator(`[id="${controlled}"]`)).toBeHidden()

  // A running call is never folded, and an error folds to its message.
  const running = await turn('slow_report', { seconds: 20 })
  await expect(running.getByRole('progressbar')).toBeVisible()
  await expect(running.locator('.demo-turn-head').getByRole('button')).toHaveCount(0)
  await running.getByRole('button', { name: 'Stop' }).click()
  await expect(running.locator('.mcp-elicit-call')).toHaveAttribute('data-state', 'cancelled')
  await expect(toggleOf(running)).toHaveAttribute('aria-expanded', 'true')
})

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' })

  test('renders dark, and axe finds nothing on the page', async ({ page, turn }) => {
    const done = await turn('crunch_numbers', { steps: 1 })
    await resultOf(done)
    const form = await turn('profile_form')
    await expect(form.locator('.mcp-elicit-form')).toBeVisible()
    await page.locator('details.demo-wire summary').click()
    const colours = await page.evaluate(() => ({
      scheme: matchMedia('(prefers-color-scheme: dark)').matches,
      body: getComputedStyle(document.body).backgroundColor,
      composer: getComputedStyle(document.querySelector('.demo-composer')!).backgroundColor,
      card: getComputedStyle(document.querySelector('.mcp-elicit-call')!).backgroundColor,
    }))
    expect(colours.scheme).toBe(true)
    const luminance = (rgb: string) => {
      const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number)
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
    }
    expect(luminance(colours.body)).toBeLessThan(0.2)
    expect(luminance(colours.composer)).toBeLessThan(0.2)
    expect(luminance(colours.card)).toBeLessThan(0.2)
    expect(await axe(page)).toEqual([])
  })
})

test('light mode: axe finds nothing on the page with a folded turn and the wire log open', async ({ page, turn }) => {
  await resultOf(await turn('crunch_numbers', { steps: 1 }))
  await resultOf(await turn('regional_lookup', { region: 'eu', query: longUrl }))
  await page.locator('details.demo-wire summary').click()
  expect(await axe(page)).toEqual([])
})
