/**
 * The sign-in window against authorization servers that do not play along,
 * in the real Chromium and the demo stack: the window is opened blank and
 * its opener cut before it goes anywhere (the authorization server's page
 * has no `window.opener`); an authorization server whose pages send
 * `Cross-Origin-Opener-Policy: same-origin` (the window reads closed the
 * moment it gets there) still signs the person in, and a person who closes
 * that window can open it again or cancel; a window opened for one server
 * is never filled with another server's sign-in page.
 */
import type { Page, Request, Route } from '@playwright/test'
import { expect, resultOf, sendTool, test } from './fixtures'
import { cardOf, logIn, openSignIn, signInWithPopup } from './sign-in-helpers'

/** Every URL the window's top frame went to, from now on. */
function navigations(popup: Page): string[] {
  const visited: string[] = []
  popup.on('framenavigated', (frame) => {
    if (frame === popup.mainFrame()) visited.push(frame.url())
  })
  return visited
}

test('the sign-in window has no opener: the authorization server’s page cannot reach back into the app', async ({ page, stack }) => {
  const { as } = stack.protected.primary
  const turn = await sendTool(page, 'whoami', {}, 'protected')
  const popup = await openSignIn(page, cardOf(turn))
  await popup.waitForURL(`${as.origin}/**`)
  await expect(popup.locator('input[name="login"]')).toBeVisible()
  expect(await popup.evaluate(() => window.opener === null)).toBe(true)
  // Its name tells nothing of the server either (a digest, no URL).
  const name = await popup.evaluate(() => window.name)
  expect(name).toMatch(/^mcp-elicit-sign-in-[0-9a-z]+$/)
  // The demo's callback page, opener cut too, still hands the sign-in back (BroadcastChannel, storage event) and closes.
  await logIn(popup)
  expect(await resultOf(turn)).toMatch(/^whoami: ada /)
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 10_000 })
})

test('Cancel while the window is at the authorization server ends the sign-in, with no error; finishing there afterwards signs nobody in', async ({ page, stack }) => {
  const { as } = stack.protected.primary
  const grants = () => as.events.filter((event) => event.name === 'grant.success').length
  const before = grants()
  const turn = await sendTool(page, 'whoami', {}, 'protected')
  const card = cardOf(turn)
  const popup = await openSignIn(page, card)
  await popup.waitForURL(`${as.origin}/**`)
  await card.getByRole('button', { name: 'Cancel' }).click()
  await expect(card).toHaveAttribute('data-state', 'cancelled')
  await expect(turn).toHaveAttribute('data-state', 'error')
  // Its opener cut, a window at another origin is not the page's to close (the browser would refuse, and log it:
  // the fixture fails on any console error); it stays for the person. Finishing there answers nobody.
  expect(popup.isClosed()).toBe(false)
  await logIn(popup)
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 10_000 })
  await expect(card).toHaveAttribute('data-state', 'cancelled')
  expect(grants()).toBe(before)
})

test.describe('an authorization server whose pages send Cross-Origin-Opener-Policy: same-origin', () => {
  test('the window reads closed as soon as it gets there; the card says it may still complete, and the callback completes it', async ({ page, stack }) => {
    const { as } = stack.protected.coop
    const turn = await sendTool(page, 'whoami', {}, 'protected-coop')
    const card = cardOf(turn)
    await expect(card).toHaveAttribute('data-state', 'needs_sign_in')
    const coop = page.context().waitForEvent('response', (response) => response.url().startsWith(as.origin) && response.headers()['cross-origin-opener-policy'] === 'same-origin')
    const popup = await openSignIn(page, card)
    await coop
    await expect(popup.locator('input[name="login"]')).toBeVisible()
    // Severed: the app reads the window as closed while the person is signing in there. Not a cancel.
    await expect(card).toHaveAttribute('data-state', 'window_closed')
    await expect(card.getByRole('status')).toContainText('If you finished signing in there, this page continues by itself')
    await expect(turn).toHaveAttribute('data-state', 'needs_auth')
    expect(await popup.evaluate(() => window.opener === null)).toBe(true)

    await logIn(popup, 'grace')
    expect(await resultOf(turn)).toMatch(/^whoami: grace /)
    await expect(card).toHaveCount(0)
    if (!popup.isClosed()) await popup.close()
  })

  test('a person who closes the window can open it again, or cancel from the card', async ({ page, stack }) => {
    const { as } = stack.protected.coop
    const grants = () => as.events.filter((event) => event.name === 'grant.success').length
    const before = grants()
    const turn = await sendTool(page, 'whoami', {}, 'protected-coop')
    const card = cardOf(turn)
    const popup = await openSignIn(page, card)
    await expect(popup.locator('input[name="login"]')).toBeVisible()
    await expect(card).toHaveAttribute('data-state', 'window_closed')
    await popup.close()

    const again = await openSignIn(page, card, 'Open sign-in again')
    await again.waitForURL(`${as.origin}/**`)
    await expect(again.locator('input[name="login"]')).toBeVisible()
    await expect(card).toHaveAttribute('data-state', 'window_closed')
    await again.close()

    await card.getByRole('button', { name: 'Cancel' }).click()
    await expect(card).toHaveAttribute('data-state', 'cancelled')
    await expect(card).toContainText('Sign-in cancelled')
    await expect(turn).toHaveAttribute('data-state', 'error')
    // Cancelled for good: no code was ever exchanged at that server.
    expect(grants()).toBe(before)
  })
})

test('a window opened for one server is never filled with another server’s sign-in page', async ({ page, stack }) => {
  const { primary: h, second: k } = stack.protected
  // H's first request is held at its MCP server: its sign-in reaches the store only when released.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const holdH = async (route: Route, request: Request) => {
    if (request.method() === 'POST') await released
    await route.continue()
  }
  const isH = (url: URL) => url.href.startsWith(h.mcp.url)
  await page.route(isH, holdH)

  // The person clicks Sign in on H's composer: a window opens, in the click, before H's sign-in exists.
  await page.getByRole('combobox', { name: 'Server' }).selectOption('protected')
  const composer = page.locator('form.demo-composer')
  const [popup] = await Promise.all([page.waitForEvent('popup'), composer.getByRole('button', { name: 'Sign in' }).click()])
  const visited = navigations(popup)

  // K's call asks for its sign-in meanwhile: it gets its card, not H's window.
  const kTurn = await sendTool(page, 'whoami', {}, 'protected-2')
  const kCard = cardOf(kTurn)
  await expect(kCard).toHaveAttribute('data-state', 'needs_sign_in')
  await expect(kCard).toContainText(new URL(k.as.issuer).host)
  await page.waitForTimeout(600)
  expect(popup.url()).toBe('about:blank')

  // H's sign-in arrives: H's window goes to H's authorization server.
  release()
  await popup.waitForURL(`${h.as.origin}/**`)
  await logIn(popup)
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 10_000 })
  expect(visited.filter((url) => url.startsWith(k.as.origin))).toEqual([])
  expect(visited.some((url) => url.startsWith(h.as.origin))).toBe(true)
  await page.unroute(isH, holdH)

  // K still waits for its person, and its own window goes to K's authorization server.
  await expect(kCard).toHaveAttribute('data-state', 'needs_sign_in')
  await signInWithPopup(page, kCard, 'lin')
  expect(await resultOf(kTurn)).toMatch(/^whoami: lin /)
  await page.getByRole('combobox', { name: 'Server' }).selectOption('protected')
  await expect(page.locator('form.demo-composer .demo-sign-in-status')).toContainText('Signed in to this server.')
  // Each server got only its own person's token.
  const hTokens = new Set(h.mcp.requests.map((r) => r.accessToken).filter(Boolean))
  const kTokens = k.mcp.requests.map((r) => r.accessToken).filter(Boolean)
  expect(kTokens.length).toBeGreaterThan(0)
  expect(kTokens.filter((token) => hTokens.has(token))).toEqual([])
})
