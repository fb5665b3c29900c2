/**
 * The scenarios' tab on puppeteer-core: Chromium over CDP (the Chromium the
 * Playwright suite uses, e2e/chromium.ts) and Firefox ESR over WebDriver
 * BiDi (Firefox's own remote agent: no geckodriver, no browser download).
 */
import puppeteer, { type Browser, type ElementHandle, type Frame, type Page } from 'puppeteer-core'
import { chromiumLaunch } from '../chromium.ts'
import { describe, inPage, toQuery, until, watchAndDrain, type Engine, type Q, type Scope, type Tab } from './tab.ts'

/** The window the scenarios see, as in the Playwright suite. */
const WIDTH = 1000
const HEIGHT = 900

/** Where the in-page half of a scope runs: the page's main frame, or a frame found in it. */
type FrameOf = () => Promise<Frame>

/** A function from its source, to hand to puppeteer (which sends functions as their source). */
const asFunction = (source: string) => new Function(`return ${source}`)() as (...args: unknown[]) => unknown

const fns = Object.fromEntries(Object.entries(inPage).map(([name, source]) => [name, asFunction(source)])) as Record<keyof typeof inPage, (...args: unknown[]) => unknown>

interface Box {
  x: number
  y: number
  width: number
  height: number
  borderLeft: number
  borderTop: number
}

class PuppeteerScope implements Scope {
  protected readonly frameOf: FrameOf
  protected readonly page: Page
  /** For a frame's document: the scope that holds the frame, and the frame element there. */
  readonly #holder: { scope: PuppeteerScope; q: Q } | undefined

  constructor(frameOf: FrameOf, page: Page, holder?: { scope: PuppeteerScope; q: Q }) {
    this.frameOf = frameOf
    this.page = page
    this.#holder = holder
  }

  /** Where this document's viewport starts in the page's (0, 0 at the top). */
  async #origin(): Promise<{ x: number; y: number }> {
    if (!this.#holder) return { x: 0, y: 0 }
    const { scope, q } = this.#holder
    await until(() => scope.ready(q), `${describe(q)} to be visible`)
    const outer = await scope.#origin()
    const box = (await (await scope.frameOf()).evaluate(fns.box, toQuery(q))) as Box
    return { x: outer.x + box.x + box.borderLeft, y: outer.y + box.y + box.borderTop }
  }

  /**
   * A click with the page's mouse at the element's centre. In a frame, puppeteer's own ElementHandle.click() asks
   * for the frame's element with a BiDi locator Firefox ESR 140 lacks; the mouse needs no such thing.
   */
  async #clickAt(q: Q): Promise<void> {
    const frame = await this.frameOf()
    await until(async () => (await frame.evaluate(fns.state, toQuery(q))) === 'ready', () => `${describe(q)} to be visible and enabled`)
    const origin = await this.#origin()
    const box = (await frame.evaluate(fns.box, toQuery(q))) as Box
    await this.page.mouse.click(origin.x + box.x + box.width / 2, origin.y + box.y + box.height / 2)
  }

  protected async handle(q: Q): Promise<ElementHandle<Element>> {
    const frame = await this.frameOf()
    await until(async () => (await frame.evaluate(fns.state, toQuery(q))) === 'ready', () => `${describe(q)} to be visible and enabled`)
    const handle = await frame.evaluateHandle(fns.element, toQuery(q))
    const element = handle.asElement() as ElementHandle<Element> | null
    if (!element) throw new Error(`${describe(q)} is gone`)
    return element
  }

  async click(q: Q): Promise<void> {
    if (this.#holder) await this.#clickAt(q)
    else await (await this.handle(q)).click()
  }

  async fill(q: Q, text: string): Promise<void> {
    if (this.#holder) {
      // In a frame: the mouse puts the focus there, then the keyboard types.
      await this.#clickAt(q)
      await (await this.frameOf()).evaluate(fns.clear, toQuery(q))
      await this.page.keyboard.type(text)
      return
    }
    const element = await this.handle(q)
    await (await this.frameOf()).evaluate(fns.clear, toQuery(q))
    await element.type(text)
  }

  async select(q: Q, label: string): Promise<void> {
    const frame = await this.frameOf()
    await until(() => frame.evaluate(fns.select, toQuery(q), label) as Promise<boolean>, `option "${label}" of ${describe(q)}`)
  }

  async upload(q: Q, path: string): Promise<void> {
    const frame = await this.frameOf()
    const element = await until(async () => (await frame.evaluateHandle(fns.element, toQuery(q))).asElement() ?? undefined, describe(q))
    await (element as ElementHandle<HTMLInputElement>).uploadFile(path)
  }

  async text(q: Q): Promise<string | null> {
    return (await (await this.frameOf()).evaluate(fns.text, toQuery(q))) as string | null
  }

  async attribute(q: Q, name: string): Promise<string | null> {
    return (await (await this.frameOf()).evaluate(fns.attribute, toQuery(q), name)) as string | null
  }

  async value(q: Q): Promise<string | null> {
    return (await (await this.frameOf()).evaluate(fns.value, toQuery(q))) as string | null
  }

  async count(q: Q): Promise<number> {
    return (await (await this.frameOf()).evaluate(fns.count, toQuery(q))) as number
  }

  async visible(q: Q): Promise<boolean> {
    return (await (await this.frameOf()).evaluate(fns.visible, toQuery(q))) as boolean
  }

  async ready(q: Q): Promise<boolean> {
    return (await (await this.frameOf()).evaluate(fns.state, toQuery(q))) === 'ready'
  }

  frame(q: Q): Scope {
    return new PuppeteerScope(
      async () => {
      const parent = await this.frameOf()
      return until(async () => {
        // Which of the parent's windows the element holds (ElementHandle.contentFrame() needs a BiDi locator Firefox ESR 140 lacks),
        // then the child frame that is that window: a window may compare itself with its parent's frames across origins.
        const index = (await parent.evaluate(fns.frameIndex, toQuery(q))) as number
        if (index < 0) return undefined
        for (const child of parent.childFrames()) {
          if (await child.evaluate((i: number) => window.parent.frames[i] === window, index).catch(() => false)) return child
        }
        return undefined
      }, `the frame of ${describe(q)}`)
      },
      this.page,
      { scope: this, q },
    )
  }

  async run<T>(fn: (...args: any[]) => T, ...args: unknown[]): Promise<Awaited<T>> {
    return (await (await this.frameOf()).evaluate(fn as (...a: unknown[]) => T, ...args)) as Awaited<T>
  }
}

class PuppeteerTab extends PuppeteerScope implements Tab {
  readonly #problems: string[] = []

  /** `ignoreOrigins`: the origins whose frames' messages are not the page's (the apps' sandboxes). */
  constructor(page: Page, ignoreOrigins: () => string[]) {
    super(async () => page.mainFrame(), page)
    page.on('pageerror', (error) => this.#problems.push(`pageerror: ${error instanceof Error ? `${error.message} ${error.stack?.split('\n')[1] ?? ''}`.trim() : String(error)}`))
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      // What an MCP App logs inside its sandbox is the app's (e2e/fixtures.ts draws the same line): the proxy's
      // document is on the sandbox origin, the app's is written into its frame (no URL, or about:srcdoc).
      const text = message.text()
      const where = message.location().url ?? ''
      if (where === '' || where.startsWith('about:') || ignoreOrigins().some((origin) => where.startsWith(origin))) return
      this.#problems.push(`console: ${text}`)
    })
  }

  /** Takes the violations the top document's listener saw (and puts the listener in a document that has none). */
  async #drain(): Promise<void> {
    if (this.page.isClosed()) return
    // A document that is navigating away may not answer; what it had is taken on the next call.
    const found = await this.page.mainFrame().evaluate(watchAndDrain, false).catch(() => [] as string[])
    this.#problems.push(...found.map((problem) => `console: ${problem}`))
  }

  async goto(url: string): Promise<void> {
    await this.#drain()
    await this.page.goto(url, { waitUntil: 'load' })
    await this.#drain()
  }

  async reload(): Promise<void> {
    await this.#drain()
    await this.page.reload({ waitUntil: 'load' })
    await this.#drain()
  }

  async url(): Promise<string> {
    return this.page.url()
  }

  async popup(action: () => Promise<void>): Promise<Tab> {
    const opened = new Promise<Page | null>((resolve) => this.page.once('popup', resolve))
    await action()
    const popup = await until(async () => (await Promise.race([opened, new Promise<undefined>((resolve) => setTimeout(resolve, 100))])) ?? undefined, 'a window to open')
    return new PuppeteerTab(popup, () => [])
  }

  async closed(): Promise<boolean> {
    return this.page.isClosed()
  }

  async close(): Promise<void> {
    if (!this.page.isClosed()) await this.page.close()
  }

  async problems(): Promise<string[]> {
    await this.#drain()
    return [...this.#problems]
  }
}

async function engineOf(name: 'chromium' | 'firefox', browser: Browser, ignoreOrigins: () => string[]): Promise<Engine> {
  const version = await browser.version()
  return {
    name,
    version,
    async newTab() {
      // Each tab has a context of its own: its storage starts empty.
      const context = await browser.createBrowserContext()
      const page = await context.newPage()
      const tab = new PuppeteerTab(page, ignoreOrigins)
      const close = tab.close.bind(tab)
      tab.close = async () => {
        await close()
        await context.close()
      }
      return tab
    },
    close: () => browser.close(),
  }
}

export async function launchChromium(ignoreOrigins: () => string[]): Promise<Engine> {
  const { executablePath, args } = await chromiumLaunch()
  // puppeteer adds its own headless flag.
  const browser = await puppeteer.launch({
    executablePath,
    args: [...args.filter((arg) => !arg.startsWith('--headless')), `--window-size=${WIDTH},${HEIGHT}`],
    headless: 'shell',
    defaultViewport: null,
    protocolTimeout: 60_000,
  })
  return engineOf('chromium', browser, ignoreOrigins)
}

export async function launchFirefox(executablePath: string, ignoreOrigins: () => string[]): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    // Firefox ESR 140's BiDi has no viewport emulation: the window has the size.
    args: [`--width=${WIDTH}`, `--height=${HEIGHT}`],
    defaultViewport: null,
    protocolTimeout: 60_000,
    extraPrefsFirefox: {
      // A tab's storage is its context's; nothing reaches out on its own.
      'app.update.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
    },
  })
  return engineOf('firefox', browser, ignoreOrigins)
}
