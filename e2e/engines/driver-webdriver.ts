/**
 * The scenarios' tab on selenium-webdriver, for WebKitGTK (Safari's engine):
 * Debian's WebKitWebDriver (W3C WebDriver; it speaks no BiDi) driving
 * MiniBrowser under one Xvfb started for the run. Each tab is a session of
 * its own, so its storage starts empty.
 *
 * Classic WebDriver has no console, so the page's errors too are collected
 * by the listener {@link watchAndDrain} puts into each document the first
 * time a command touches it (the page server's CSP reports cover what a
 * document does before that: e2e/engines/fixtures.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver'
import { describe, inPage, toQuery, until, watchAndDrain, type Engine, type Q, type Scope, type Tab } from './tab.ts'

/** One WebDriver session: which window and frame its commands go to right now. */
class Session {
  current: string | undefined
  readonly driver: WebDriver

  constructor(driver: WebDriver) {
    this.driver = driver
  }

  /** Points the session at `handle`, then down the frame chain. */
  async enter(handle: string, frames: Q[]): Promise<void> {
    if (this.current !== handle) {
      await this.driver.switchTo().window(handle)
      this.current = handle
    }
    await this.driver.switchTo().defaultContent()
    for (const q of frames) {
      const element = await until(async () => ((await this.script(inPage.element, toQuery(q))) as WebElement | null) ?? undefined, `the frame of ${describe(q)}`)
      await this.driver.switchTo().frame(element)
    }
  }

  script(source: string, ...args: unknown[]): Promise<unknown> {
    return this.driver.executeScript(`return (${source}).apply(null, arguments)`, ...args)
  }
}

class WebDriverScope implements Scope {
  protected readonly session: Session
  protected readonly handle: string
  protected readonly frames: Q[]

  constructor(session: Session, handle: string, frames: Q[]) {
    this.session = session
    this.handle = handle
    this.frames = frames
  }

  protected async call(source: string, ...args: unknown[]): Promise<unknown> {
    await this.session.enter(this.handle, this.frames)
    if (this.frames.length === 0) await this.drain()
    return this.session.script(source, ...args)
  }

  /** The top document's problems so far (overridden by the tab, which keeps them). */
  protected async drain(): Promise<void> {}

  protected async element(q: Q): Promise<WebElement> {
    await until(async () => (await this.call(inPage.state, toQuery(q))) === 'ready', () => `${describe(q)} to be visible and enabled`)
    const element = (await this.session.script(inPage.element, toQuery(q))) as WebElement | null
    if (!element) throw new Error(`${describe(q)} is gone`)
    return element
  }

  async click(q: Q): Promise<void> {
    // A click the page covers for a moment (a card unfolding) is tried again, within the bound.
    await until(async () => {
      await (await this.element(q)).click()
      return true
    }, `a click on ${describe(q)}`)
  }

  async fill(q: Q, text: string): Promise<void> {
    const element = await this.element(q)
    if (this.frames.length > 0) {
      // WebKitWebDriver 2.50 refuses to type into a field of an app's sandboxed frame ("Element is not focusable");
      // the value is set as typing leaves it instead.
      await this.session.script(inPage.setText, toQuery(q), text)
      return
    }
    await this.session.script(inPage.clear, toQuery(q))
    await element.sendKeys(text)
  }

  async select(q: Q, label: string): Promise<void> {
    await until(() => this.call(inPage.select, toQuery(q), label) as Promise<boolean>, `option "${label}" of ${describe(q)}`)
  }

  async upload(q: Q, path: string): Promise<void> {
    const element = await until(async () => ((await this.call(inPage.element, toQuery(q))) as WebElement | null) ?? undefined, describe(q))
    await element.sendKeys(path)
  }

  async text(q: Q): Promise<string | null> {
    return (await this.call(inPage.text, toQuery(q))) as string | null
  }

  async attribute(q: Q, name: string): Promise<string | null> {
    return (await this.call(inPage.attribute, toQuery(q), name)) as string | null
  }

  async value(q: Q): Promise<string | null> {
    return (await this.call(inPage.value, toQuery(q))) as string | null
  }

  async count(q: Q): Promise<number> {
    return (await this.call(inPage.count, toQuery(q))) as number
  }

  async visible(q: Q): Promise<boolean> {
    return (await this.call(inPage.visible, toQuery(q))) as boolean
  }

  async ready(q: Q): Promise<boolean> {
    return (await this.call(inPage.state, toQuery(q))) === 'ready'
  }

  frame(q: Q): Scope {
    return new WebDriverScope(this.session, this.handle, [...this.frames, q])
  }

  async run<T>(fn: (...args: any[]) => T, ...args: unknown[]): Promise<Awaited<T>> {
    return (await this.call(fn.toString(), ...args)) as Awaited<T>
  }
}

class WebDriverTab extends WebDriverScope implements Tab {
  readonly #problems: string[] = []
  /** The session's first window (whose page the test checks), not a window it opened. */
  readonly main: boolean

  constructor(session: Session, handle: string, main: boolean) {
    super(session, handle, [])
    this.main = main
  }

  protected override async drain(): Promise<void> {
    if (!this.main) return
    // A document that is navigating away may not answer; what it had is taken on the next call.
    const found = await this.session.script(watchAndDrain.toString(), true).catch(() => [])
    this.#problems.push(...(found as string[]))
  }

  async goto(url: string): Promise<void> {
    await this.session.enter(this.handle, [])
    await this.drain()
    await this.session.driver.get(url)
    await this.drain()
  }

  async reload(): Promise<void> {
    await this.session.enter(this.handle, [])
    await this.drain()
    await this.session.driver.navigate().refresh()
    await this.drain()
  }

  async url(): Promise<string> {
    await this.session.enter(this.handle, [])
    return this.session.driver.getCurrentUrl()
  }

  async popup(action: () => Promise<void>): Promise<Tab> {
    const before = new Set(await this.session.driver.getAllWindowHandles())
    await action()
    const handle = await until(async () => (await this.session.driver.getAllWindowHandles()).find((h) => !before.has(h)), 'a window to open')
    return new WebDriverTab(this.session, handle, false)
  }

  async closed(): Promise<boolean> {
    return !(await this.session.driver.getAllWindowHandles()).includes(this.handle)
  }

  async close(): Promise<void> {
    if (this.main) {
      await this.drain().catch(() => {})
      await this.session.driver.quit()
      return
    }
    if (await this.closed()) return
    await this.session.enter(this.handle, [])
    await this.session.driver.close()
    this.session.current = undefined
  }

  async problems(): Promise<string[]> {
    await this.drain()
    return [...this.#problems]
  }
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Starts a child that must not outlive this process (killed on exit, even a failing one). */
function child(command: string, args: string[], env: NodeJS.ProcessEnv, stdio: Array<'ignore' | 'pipe'>): ChildProcess {
  const started = spawn(command, args, { env, stdio })
  const kill = () => started.kill()
  process.once('exit', kill)
  started.once('exit', () => process.off('exit', kill))
  return started
}

/** Xvfb on a display it picks itself (-displayfd), for this run only. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = child('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], process.env, ['ignore', 'ignore', 'pipe', 'pipe'])
  const display = await new Promise<string>((resolve, reject) => {
    let text = ''
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      if (text.includes('\n')) resolve(`:${text.trim()}`)
    })
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it had a display`)))
    setTimeout(() => reject(new Error('Xvfb did not report its display within 10 s')), 10_000).unref()
  })
  return { display, process: xvfb }
}

export interface WebKitPaths {
  driver: string
  browser: string
}

export async function launchWebKit(paths: WebKitPaths): Promise<Engine> {
  const xvfb = await startXvfb()
  const port = await freePort()
  const driverProcess = child(paths.driver, [`--port=${port}`, '--host=local'], { ...process.env, DISPLAY: xvfb.display }, ['ignore', 'ignore', 'pipe'])
  const stop = async () => {
    for (const started of [driverProcess, xvfb.process]) {
      if (started.exitCode !== null || started.signalCode !== null) continue
      const exited = new Promise((resolve) => started.once('exit', resolve))
      started.kill()
      await exited
    }
  }
  try {
    const server = `http://127.0.0.1:${port}`
    await until(async () => (await fetch(`${server}/status`)).ok, 'WebKitWebDriver to listen')
    const capabilities = { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: paths.browser, args: ['--automation'] } }
    const newSession = async () => {
      const driver = await new Builder().usingServer(server).withCapabilities(capabilities).build()
      await driver.manage().setTimeouts({ pageLoad: 30_000, script: 30_000 })
      await driver.manage().window().setRect({ width: 1000, height: 900 })
      return driver
    }
    /**
     * A new session within 20 s, asked for once more if not: on a busy machine, with the other engines'
     * workers running, WebKitWebDriver has left a new-session request unanswered (the test's minute went by
     * in the fixture). A session that comes late is quit as soon as it does.
     */
    const boundedSession = async () => {
      for (let attempt = 1; ; attempt++) {
        const pending = newSession()
        let timer: ReturnType<typeof setTimeout> | undefined
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('WebKitWebDriver did not open a session within 20 s')), 20_000)
        })
        try {
          return await Promise.race([pending, late])
        } catch (error) {
          pending.then((driver) => driver.quit()).catch(() => {})
          if (attempt === 2) throw error
        } finally {
          clearTimeout(timer)
        }
      }
    }
    const probe = await newSession()
    const version = `${(await probe.getCapabilities()).get('browserVersion')}`
    await probe.quit()
    return {
      name: 'webkit',
      version: `WebKitGTK ${version}`,
      async newTab() {
        const driver = await boundedSession()
        return new WebDriverTab(new Session(driver), await driver.getWindowHandle(), true)
      },
      close: stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
