/**
 * Which engines this machine has, and how each is launched. Chromium comes
 * with `npm install` (e2e/chromium.ts); Firefox ESR and WebKitGTK are
 * Debian's packages (`firefox-esr`, `webkit2gtk-driver`, with `xvfb`), which
 * `.ci/run` installs where it can. Nothing here downloads a browser.
 */
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import type { Engine, EngineName } from './tab.ts'

/** The command that installs the engines that are not npm packages (Debian, as root). */
export const APT_INSTALL = 'apt-get install -y firefox-esr webkit2gtk-driver xvfb'

export const ENGINE_NAMES: EngineName[] = ['chromium', 'firefox', 'webkit']

const onPath = (command: string) => (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, command)).find((path) => existsSync(path))

/** MiniBrowser, the browser WebKitWebDriver drives; Debian ships it with libwebkit2gtk (4.1, or 4.0 on older releases). */
function miniBrowser(): string | undefined {
  if (process.env.WEBKIT_MINIBROWSER_PATH) return process.env.WEBKIT_MINIBROWSER_PATH
  const arch = process.arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu'
  return ['4.1', '4.0'].map((api) => `/usr/lib/${arch}/webkit2gtk-${api}/MiniBrowser`).find((path) => existsSync(path))
}

export interface Presence {
  name: EngineName
  /** What is missing, or undefined when the engine can run. */
  missing?: string
}

/** Each engine, and what it lacks on this machine. */
export function presence(): Presence[] {
  const firefox = firefoxPath()
  const webkit = webkitPaths()
  return [
    { name: 'chromium' },
    firefox ? { name: 'firefox' } : { name: 'firefox', missing: 'firefox-esr (no firefox-esr or firefox on PATH, nor FIREFOX_PATH)' },
    webkit ? { name: 'webkit' } : { name: 'webkit', missing: webkitMissing() },
  ]
}

export function firefoxPath(): string | undefined {
  return process.env.FIREFOX_PATH || onPath('firefox-esr') || onPath('firefox')
}

export function webkitPaths(): { driver: string; browser: string } | undefined {
  const driver = onPath('WebKitWebDriver')
  const browser = miniBrowser()
  return driver && browser && onPath('Xvfb') ? { driver, browser } : undefined
}

function webkitMissing(): string {
  return [!onPath('WebKitWebDriver') && 'WebKitWebDriver (webkit2gtk-driver)', !miniBrowser() && 'MiniBrowser (libwebkit2gtk-4.1-0)', !onPath('Xvfb') && 'Xvfb (xvfb)'].filter(Boolean).join(', ')
}

/** Launches one engine; `ignoreOrigins` names the origins whose frames' console is not the page's. */
export async function launch(name: EngineName, ignoreOrigins: () => string[]): Promise<Engine> {
  switch (name) {
    case 'chromium': {
      const { launchChromium } = await import('./driver-puppeteer.ts')
      return launchChromium(ignoreOrigins)
    }
    case 'firefox': {
      const path = firefoxPath()
      if (!path) throw new Error(`Firefox is not installed: ${APT_INSTALL}`)
      const { launchFirefox } = await import('./driver-puppeteer.ts')
      return launchFirefox(path, ignoreOrigins)
    }
    case 'webkit': {
      const paths = webkitPaths()
      if (!paths) throw new Error(`WebKitGTK is not installed (${webkitMissing()}): ${APT_INSTALL}`)
      const { launchWebKit } = await import('./driver-webdriver.ts')
      return launchWebKit(paths)
    }
  }
}
