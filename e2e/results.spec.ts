/**
 * Tool results in a real Chromium under the demo page's strict CSP:
 * every content kind renders (images and audio from data: URLs only, links
 * never followed or prefetched) without a single request to another origin,
 * and a deeply nested structuredContent neither freezes nor blocks the page.
 */
import { expect, test } from './fixtures'

test('all_content: every content kind renders, nothing is requested from another origin', async ({ page, turn, stack }, testInfo) => {
  // The demo policy has no media-src, so playing data: audio falls back to default-src 'self' and is blocked
  // ("media-src 'self' data:" is needed in demo/stack.ts); preload="none" keeps rendering it free of violations.
  const pageOrigin = new URL(stack.pageUrl).origin
  const allowed = new Set([pageOrigin, new URL(stack.demo.url).origin])
  const foreign: string[] = []
  page.on('request', (request) => {
    const url = request.url()
    if (url.startsWith('data:')) return
    if (!allowed.has(new URL(url).origin)) foreign.push(url)
  })
  const call = await turn('all_content')
  const result = call.locator('.mcp-elicit-tool-result')
  await expect(result).toHaveAttribute('data-state', 'ok')

  await expect(result.locator('[data-type="text"]').first()).toHaveText('all_content: every content kind follows.')
  const img = result.locator('img')
  await expect(img).toHaveAttribute('src', /^data:image\/png;base64,/)
  // Decoded: the CSP let the data: image through.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1)
  const audio = result.locator('audio')
  await expect(audio).toHaveAttribute('src', /^data:audio\/wav;base64,/)
  await expect(audio).toHaveAttribute('controls', '')

  const link = result.locator('[data-type="resource_link"] a')
  await expect(link).toHaveAttribute('href', 'https://docs.example.com/guide?from=all_content')
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link.locator('mark.mcp-elicit-url-host')).toHaveText('docs.example.com')
  await expect(result.locator('[data-type="resource_link"] .mcp-elicit-url-site')).toHaveText('docs.example.com')

  const embedded = result.locator('[data-type="resource"]')
  await expect(embedded.locator('[data-type="text"]')).toHaveText('theme=dark; language=en; notifications=on')
  await expect(embedded.locator('a')).toHaveCount(0)
  await expect(embedded.locator('.mcp-elicit-resource-not-web')).toBeVisible()

  const tree = result.getByRole('tree', { name: 'Structured result' })
  await expect(tree.getByRole('treeitem')).toHaveCount(4)
  await tree.getByRole('treeitem').first().focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowRight')
  await expect(tree.getByRole('treeitem').filter({ hasText: /^kinds:/ })).toHaveAttribute('aria-expanded', 'true')
  await expect(tree.getByRole('treeitem')).toHaveCount(9)

  await page.screenshot({ path: testInfo.outputPath('all-content.png'), fullPage: true })
  await page.waitForTimeout(300)
  expect(foreign).toEqual([])
})

test('deep_result: deep structuredContent renders without freezing the page', async ({ page, turn }) => {
  // Timings are recorded, never asserted (they depend on the machine): what keeps the page
  // responsive is that only what is open gets built, and that is what is checked.
  const started = Date.now()
  const call = await turn('deep_result')
  const tree = call.getByRole('tree', { name: 'Structured result' })
  await expect(tree).toBeVisible()
  testInfo(`deep_result visible after ${Date.now() - started} ms`)
  expect(await tree.getByRole('treeitem').count()).toBeLessThanOrEqual(3)

  // Ten levels opened by keyboard build ten more items, not the thousands below them.
  await tree.getByRole('treeitem').first().focus()
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowRight')
  }
  expect(await tree.getByRole('treeitem').count()).toBeLessThanOrEqual(14)
  // And the page still answers: a click elsewhere opens the bounded JSON.
  const clickStarted = Date.now()
  await call.locator('.mcp-elicit-result-json summary').click()
  await expect(call.locator('.mcp-elicit-result-json')).toHaveAttribute('open', '')
  testInfo(`click answered after ${Date.now() - clickStarted} ms`)
})

function testInfo(line: string) {
  test.info().annotations.push({ type: 'timing', description: line })
}
