/**
 * The scenarios that differ most between engines, run in Chromium, Firefox
 * ESR and WebKitGTK alike against the built demo under its strict CSP: a
 * whole call with no error, violation or CSP report; the three-round wizard;
 * an older server's form; URL consent in a window; popup and redirect
 * sign-in; an MCP app drawing its question in a sandbox on another origin; a
 * file input; Stop; a reload mid-round; the AI SDK chat page. They find what
 * a person sees (roles, labels, data-state), so they outlive the markup.
 */
import { writeFileSync } from 'node:fs'
import { crc32, deflateSync } from 'node:zlib'
import type { DemoStack } from '../../demo/stack.ts'
import { CONTROL_HOST, expect, test } from './fixtures.ts'
import { css, role, until, type Q, type Scope, type Tab } from './tab.ts'

const turns = 'article.demo-turn'
const BOOKED_KYOTO = 'trip_wizard: booked {"destination":"kyoto","travellers":3,"depart":"2026-09-14","return":"2026-09-21"}'
const BOOKED_REYKJAVIK = 'trip_wizard: booked {"destination":"reykjavik","travellers":2,"depart":"2026-09-14","return":"2026-09-21"}'

/** Waits until the text of `q` satisfies `expected` (contains a string, or matches a pattern); returns it. */
async function textOf(scope: Scope, q: Q, expected: string | RegExp = /[^]*/, timeoutMs?: number): Promise<string> {
  let last: string | null = null
  return until(
    async () => {
      last = await scope.text(q)
      return last !== null && (typeof expected === 'string' ? last.includes(expected) : expected.test(last)) ? last : undefined
    },
    () => `the text of ${JSON.stringify(q)} to be ${String(expected)} (it is ${JSON.stringify(last)})`,
    timeoutMs,
  )
}

/** Waits until `q`'s attribute `name` equals `value`. */
async function attributeIs(scope: Scope, q: Q, name: string, value: string, timeoutMs?: number): Promise<void> {
  let last: string | null = null
  await until(async () => (last = await scope.attribute(q, name)) === value, () => `${name}="${value}" on ${JSON.stringify(q)} (it is ${JSON.stringify(last)})`, timeoutMs)
}

/** The tool console (the demo's first page is the three-server chat). */
async function openDemo(tab: Tab, stack: DemoStack, path = 'console.html'): Promise<void> {
  await tab.goto(`${stack.pageUrl}${path}`)
  await until(() => tab.ready(role('button', 'Send')), 'the page to be ready (Send enabled)', 20_000)
}

/** Picks a server and a tool, sends it, and returns the new chat turn. */
async function sendTool(tab: Tab, tool: string, args: object = {}, server = 'demo'): Promise<Q> {
  await tab.select(role('combobox', 'Server'), server)
  const picker = role('combobox', 'Tool')
  await until(async () => (await tab.count(css(`option[value="${tool}"]`, picker))) === 1, `${tool} in the tool list`)
  await tab.select(picker, tool)
  await tab.fill(role('textbox', 'Arguments (JSON)'), JSON.stringify(args))
  const before = await tab.count(css(turns))
  await tab.click(role('button', 'Send'))
  const turn = css(turns, undefined, before)
  await until(() => tab.visible(turn), 'the new turn')
  return turn
}

/** The text of a finished call's result in `turn`. */
const resultOf = (scope: Scope, turn: Q, timeoutMs?: number) => textOf(scope, css('.mcp-elicit-result-content, .demo-result', turn), /\S/, timeoutMs)

/** The provider's own pages: any account id logs in, then consent. */
async function logIn(tab: Tab, account = 'ada'): Promise<void> {
  const login = css('input[name="login"]')
  const consent = role('button', 'Continue')
  await until(async () => (await tab.visible(login)) || (await tab.visible(consent)), 'the provider’s login or consent page', 20_000)
  if (await tab.visible(login)) {
    await tab.fill(login, account)
    await tab.fill(css('input[name="password"]'), 'any password')
    await tab.click(role('button', 'Sign-in'))
  }
  await tab.click(consent)
}

const signInCard = (turn: Q) => css('.mcp-elicit-sign-in', turn)

test('a whole call under the strict CSP: three rounds, and no console error, securitypolicyviolation or CSP report from load to result', async ({ tab, stack }) => {
  const reportsBefore = stack.cspReports.length
  await openDemo(tab, stack)
  const call = await sendTool(tab, 'trip_wizard')
  await tab.select(role('combobox', 'Destination', call), 'Kyoto, Japan')
  await tab.fill(role('spinbutton', 'Travellers', call), '3')
  // The form runs the validator that needs no code generation, chosen without a probe.
  await attributeIs(tab, css('.mcp-elicit-form', call), 'data-validator', 'no-eval')
  await tab.click(role('button', 'Accept', call))
  await textOf(tab, call, /Step 2 of 3: when\? \(Kyoto, Japan, 3 travellers\)/)
  // One status line over the round, not two.
  expect(await tab.count(css('.mcp-elicit-panel [role="status"]', call))).toBe(1)
  await tab.click(role('button', 'Accept', call))
  await textOf(tab, call, /Step 3 of 3: book Kyoto, Japan for 3/)
  await tab.click(role('button', 'Accept', call))
  expect(await resultOf(tab, call)).toBe(BOOKED_KYOTO)
  expect(await tab.problems()).toEqual([])
  expect(stack.cspReports.slice(reportsBefore)).toEqual([])

  // The control: a violation made on purpose is seen by the same listener and reported to the same server, in this engine.
  await tab.run((host: string) => {
    const image = document.createElement('img')
    image.src = `https://${host}/blocked.png`
    document.body.append(image)
  }, CONTROL_HOST)
  await until(async () => (await tab.problems()).some((problem) => problem.includes('securitypolicyviolation') && problem.includes(CONTROL_HOST)), 'the control violation to be seen')
  await until(async () => stack.cspReports.slice(reportsBefore).some((report) => report.includes(CONTROL_HOST)), 'the control violation to be reported')
})

test('an older server (2025-11-25, sessions): the same form, and its answers reach the tool', async ({ tab, stack }) => {
  await openDemo(tab, stack)
  const call = await sendTool(tab, 'legacy_profile', {}, 'legacy')
  const form = css('.mcp-elicit-form', call)
  await textOf(tab, form, 'Tell the legacy server about yourself.')
  await until(async () => (await tab.value(role('textbox', 'Name', form))) === 'Grace Hopper', 'the default name')
  await tab.fill(role('spinbutton', 'Age', form), '46')
  await tab.click(role('button', 'Accept', form))
  const text = await resultOf(tab, call)
  expect(text).toMatch(/^legacy_profile: accept /)
  expect(JSON.parse(text.replace('legacy_profile: accept ', ''))).toMatchObject({ name: 'Grace Hopper', age: 46 })
  expect(stack.legacy.sessions().length).toBeGreaterThan(0)
})

test('URL consent: nothing opens before the click, then the outside step in its window, then Done', async ({ tab, stack }) => {
  await openDemo(tab, stack)
  const before = stack.demo.hits('/connect')
  const call = await sendTool(tab, 'connect_account')
  const card = css('.mcp-elicit-url', call)
  await textOf(tab, css('code.mcp-elicit-url-full', card), `${stack.demo.origin}/connect?id=`)
  expect(stack.demo.hits('/connect')).toBe(before)
  const outside = await tab.popup(() => tab.click(role('button', /^Open /, card)))
  await outside.click(role('button', 'Finish'))
  await textOf(outside, css('body'), / is finished \(/)
  await outside.close()
  await tab.click(role('button', 'Done, continue', card))
  expect(await resultOf(tab, call)).toMatch(/^connect_account: accept; outside step completed; connected [\w-]+ after 1 ask$/)
})

test('popup sign-in: the window signs in, closes itself, and the pending call finishes', async ({ tab, stack }) => {
  await openDemo(tab, stack)
  const call = await sendTool(tab, 'whoami', {}, 'protected')
  const card = signInCard(call)
  await attributeIs(tab, card, 'data-state', 'needs_sign_in')
  await textOf(tab, card, new URL(stack.protected.primary.as.issuer).host)
  const popup = await tab.popup(() => tab.click(role('button', 'Sign in', card)))
  await logIn(popup)
  // The callback page closes the window itself.
  await until(() => popup.closed(), 'the sign-in window to close itself')
  expect(await resultOf(tab, call)).toMatch(/^whoami: ada \(scope [^)]*mcp:read/)
  expect(await tab.count(card)).toBe(0)
})

test('with popups blocked, the card says why and offers the redirect; back on the page, the call finishes', async ({ tab, stack }) => {
  await openDemo(tab, stack)
  const call = await sendTool(tab, 'whoami', {}, 'protected')
  const card = signInCard(call)
  await attributeIs(tab, card, 'data-state', 'needs_sign_in')
  // What a blocker does: window.open gives nothing back.
  await tab.run(() => {
    window.open = () => null
    return true
  })
  await tab.click(role('button', 'Sign in', card))
  await attributeIs(tab, card, 'data-state', 'popup_blocked')
  await textOf(tab, card, /blocked/i)
  await tab.click(role('button', 'Continue in this tab', card))
  await logIn(tab)
  // Back on the page (the callback page leads there), signed in; the call that waited for the sign-in had no round
  // open, so it waits for the person's Run rather than going to the server again unasked.
  const back = css(turns)
  await until(() => tab.visible(role('button', 'Sign out')), 'the page to say it is signed in', 20_000)
  await tab.click(role('button', 'Run whoami', back))
  expect(await resultOf(tab, back)).toMatch(/^whoami: ada /)
})

test('an MCP app in its sandbox on another origin draws the question (SEP-3118); the answer is checked and sent', async ({ tab, stack }) => {
  await openDemo(tab, stack)
  const call = await sendTool(tab, 'file_issue', { repo: 'octo/demo' })
  const view = tab.frame(css('iframe.mcp-elicit-app-frame', call)).frame(css('iframe'))
  const form = css('#issue-form[data-app-rendered]')
  await until(() => view.visible(form), 'the app’s own form', 20_000)
  expect(await tab.count(css('.mcp-elicit-form', call))).toBe(0)
  await view.fill(css('[name="title"]', form), 'Seat map flickers')
  await view.click(css('label[data-value="high"]', form))
  await view.click(role('button', 'File issue', form))
  expect(await resultOf(tab, call, 20_000)).toBe('file_issue: accept {"title":"Seat map flickers","severity":"high"} (asked in octo/demo with the app ui://demo/issue-form.html)')
  await until(async () => (await tab.count(css('iframe.mcp-elicit-app-frame', call))) === 0, 'the app to be torn down')
})

/**
 * A 1×1 PNG with its checksums right. (SEP-2356's example PNG, which e2e/files.spec.ts sends, has a wrong IDAT CRC
 * and zlib checksum: Chromium draws it, Firefox says "Image corrupt or truncated" and draws nothing.)
 */
function onePixelPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])))
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc])
  }
  // 1×1, 8-bit RGBA; one scanline: filter 0, then the pixel.
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0, 255]))), chunk('IEND', Buffer.alloc(0))])
}

test('a file input: an image chosen from disk, previewed under the CSP, sent as a data: URI, described back', async ({ tab, stack }, testInfo) => {
  const bytes = onePixelPng()
  const png = testInfo.outputPath('dot.png')
  writeFileSync(png, bytes)
  await openDemo(tab, stack)
  const call = await sendTool(tab, 'describe_image')
  const form = css('.mcp-elicit-form', call)
  const input = css('input[type="file"]', form)
  await until(async () => (await tab.count(input)) === 1, 'the file input')
  await tab.upload(input, png)
  await textOf(tab, css('.mcp-elicit-file-item', form), `dot.png (image/png, ${bytes.length} bytes)`)
  const preview = role('img', 'Preview of dot.png', form)
  await until(() => tab.run((selector: string) => [...document.querySelectorAll<HTMLImageElement>(selector)].some((image) => image.complete && image.naturalWidth === 1), '.mcp-elicit-form img'), 'the preview to decode')
  expect(await tab.attribute(preview, 'src')).toMatch(/^data:image\/png;base64,/)
  await tab.click(role('button', 'Accept', form))
  expect(await resultOf(tab, call)).toBe(`describe_image: a image/png image of ${bytes.length} bytes`)
})

test('Stop during progress cancels the call on the server', async ({ tab, stack }) => {
  await openDemo(tab, stack)
  const call = await sendTool(tab, 'slow_report', { seconds: 20 })
  await until(() => tab.visible(role('progressbar', undefined, call)), 'the progress bar')
  await tab.click(role('button', 'Stop', call))
  await textOf(tab, role('status', 'Cancelled.', call), 'Cancelled.')
  const report = await stack.demo.waitForReceived('slow_report', 5000)
  expect(report.data).toMatchObject({ seconds: 20, aborted: true })
})

test('a reload in the middle of the wizard resumes the round from storage, sending nothing again', async ({ tab, stack }) => {
  await openDemo(tab, stack)
  const call = await sendTool(tab, 'trip_wizard')
  await tab.select(role('combobox', 'Destination', call), 'Reykjavík, Iceland')
  await tab.click(role('button', 'Accept', call))
  await textOf(tab, call, /Step 2 of 3/)
  const posts = () => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'trip_wizard').length
  const before = posts()
  // The console keeps its calls on the demo's backend (over HTTP): the reload reads back what was written by then. Until
  // round 2 is there, the record is round 1 claimed by this tab, which a reload sends again (the server answers round 2 anew).
  await until(
    () =>
      tab.run(async () => {
        const { calls } = (await (await fetch('/api/mcp-calls/')).json()) as { calls: Array<{ key: string; status: string; tool: string | null }> }
        const open = calls.filter((call) => call.status === 'pending' && call.tool === 'trip_wizard')
        const records = await Promise.all(open.map(async (call) => (await (await fetch(`/api/mcp-calls/${encodeURIComponent(call.key)}`)).json()) as { call?: { sendingSince?: number } }))
        return records.length > 0 && records.every((record) => record.call?.sendingSince === undefined)
      }),
    'the backend store to hold round 2',
  )
  await tab.reload()
  const resumed = css(turns, undefined, -1)
  await textOf(tab, resumed, /Step 2 of 3: when\? \(Reykjavík, Iceland, 2 travellers\)/, 20_000)
  expect(posts()).toBe(before)
  await tab.click(role('button', 'Accept', resumed))
  await textOf(tab, resumed, /Step 3 of 3/)
  await tab.click(role('button', 'Accept', resumed))
  expect(await resultOf(tab, resumed)).toBe(BOOKED_REYKJAVIK)
})

test('the AI SDK chat page: the model calls the wizard, its rounds are answered in the tool part, the follow-up quotes the result', async ({ tab, stack }) => {
  await tab.goto(`${stack.pageUrl}ai-sdk.html`)
  await attributeIs(tab, css('li[data-server="demo"]'), 'data-status', 'ready', 20_000)
  await tab.fill(role('textbox', 'Message'), 'run demo__trip_wizard')
  await tab.click(role('button', 'Send'))
  const part = css('.mcp-elicit-tool-part[data-server="demo"][data-mcp-tool="trip_wizard"]', css('article[data-role="assistant"]', undefined, -1))
  await tab.select(role('combobox', 'Destination', part), 'Reykjavík, Iceland')
  await tab.click(role('button', 'Accept', part))
  await textOf(tab, part, /Step 2 of 3/)
  await tab.click(role('button', 'Accept', part))
  await textOf(tab, part, /Step 3 of 3/)
  await tab.click(role('button', 'Accept', part))
  // Finished, the part folds to one line: its result.
  expect(await textOf(tab, css('summary.mcp-elicit-folded-line', part), /\S/)).toBe(BOOKED_REYKJAVIK)
  await textOf(tab, css('article[data-role="assistant"]', undefined, -1), `The tool demo__trip_wizard answered: “${BOOKED_REYKJAVIK}”.`, 20_000)
  await attributeIs(tab, part, 'data-part-state', 'output-available')
})
