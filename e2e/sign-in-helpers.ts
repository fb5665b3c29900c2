/** What the sign-in specs share: the provider's own pages, the popup sign-in, the card of a turn. */
import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

/** The provider's own pages: any account id logs in, then consent (when it asks). */
export async function logIn(page: Page, account = 'ada'): Promise<void> {
  const login = page.locator('input[name="login"]')
  const consent = page.getByRole('button', { name: 'Continue' })
  await expect(login.or(consent)).toBeVisible()
  if (await login.isVisible()) {
    await login.fill(account)
    await page.locator('input[name="password"]').fill('any password')
    await page.getByRole('button', { name: 'Sign-in' }).click()
  }
  await expect(consent).toBeVisible()
  await consent.click()
}

/** Clicks the card's Sign in (or Open sign-in again): the window it opens. */
export async function openSignIn(page: Page, card: Locator, name: string | RegExp = 'Sign in'): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), card.getByRole('button', { name }).click()])
  return popup
}

/** Signs in through the popup the card opens; resolves once the popup has closed itself. */
export async function signInWithPopup(page: Page, card: Locator, account = 'ada'): Promise<void> {
  const popup = await openSignIn(page, card)
  await logIn(popup, account)
  // The callback page may close the popup before the consent click has even returned: an event already fired never comes again.
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 10_000 })
}

export const cardOf = (turn: Locator) => turn.locator('.mcp-elicit-sign-in')
