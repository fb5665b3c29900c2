/**
 * MCP Apps on the demo page, in Chromium, under the page's strict CSP with
 * each server's sandbox proxy on a host name of its own (the page is on 127.0.0.1). The views are the server's, built on
 * ext-apps' own `App` class (servers/views/), not on our code: they are the
 * oracle for our host.
 */
import { readFileSync } from 'node:fs'
import type { Download, FrameLocator, Locator } from '@playwright/test'
import { expect, resultOf, sendTool, test } from './fixtures'

/** The app's own document: the page frames the sandbox proxy, which frames the view. */
const viewOf = (scope: Locator): FrameLocator => scope.frameLocator('iframe.mcp-elicit-app-frame').frameLocator('iframe')

test('seat_map: drawn in the chat; a seat held through an app-only tool whose question is answered in the chat; a message after consent; a link after consent; two files saved after consent; resized; torn down on request', async ({ page, stack }) => {
  // Eight steps, each through the frame and back: more than the default 30 s on a loaded two-core machine.
  test.setTimeout(60_000)
  // The worker's demo stack records the calls of every test it served: this test's are those after `closedBefore`.
  const closed = () => stack.demo.received.filter((entry) => entry.tool === 'view_closed').map((entry) => entry.data)
  const closedBefore = closed().length
  const turn = await sendTool(page, 'seat_map', { flight: 'LX 318', rows: 8 }, 'demo')
  const view = viewOf(turn)
  // Input then result, as the view shows them.
  await expect(view.locator('#flight')).toHaveText('Flight LX 318')
  await expect(view.locator('#input')).toContainText('"rows":8')
  await expect(view.locator('#status')).toHaveAttribute('data-state', 'ready')
  // The page's look reached the view as the standard style variables (ext-apps' applyHostStyleVariables set them).
  const pageBackground = await turn.locator('.mcp-elicit-app-view').evaluate((element) => getComputedStyle(element).getPropertyValue('--mcp-elicit-bg').trim())
  expect(pageBackground).not.toBe('')
  expect(await view.locator('html').evaluate((root) => getComputedStyle(root).getPropertyValue('--color-background-primary').trim())).toBe(pageBackground)
  // The frame follows the view's size (size-changed), within the host's bound.
  const frame = turn.locator('iframe.mcp-elicit-app-frame')
  await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeGreaterThan(300)
  expect((await frame.boundingBox())!.height).toBeLessThanOrEqual(800)
  // App-only tools are not offered to the model side (the picker).
  await expect(page.getByRole('combobox', { name: 'Tool', exact: true }).locator('option[value="hold_seat"]')).toHaveCount(0)

  // A free seat: hold_seat (visibility ["app"]) asks one question, shown in the chat under the frame.
  const free = view.locator('[data-seat][data-state="free"]').first()
  const seat = await free.getAttribute('data-seat')
  await free.click()
  await expect(view.locator('#status')).toHaveAttribute('data-state', 'holding')
  const question = turn.locator('.mcp-elicit-app .mcp-elicit-form')
  await expect(question).toContainText(`Hold seat ${seat}`)
  await question.getByRole('textbox', { name: /Passenger name/ }).fill('Grace Hopper')
  await question.getByRole('button', { name: 'Accept' }).click()
  await expect(view.locator('#status')).toHaveText(`Seat ${seat} held for Grace Hopper.`)
  await expect(view.locator(`[data-seat="${seat}"]`)).toHaveAttribute('data-state', 'held')
  expect(stack.demo.received.some((entry) => entry.tool === 'hold_seat')).toBe(true)

  // ui/message: the message card under the frame first (the server's host, the words); the conversation gets the
  // words only on Send (the demo shows them as the person's).
  await view.getByRole('button', { name: 'Tell the assistant' }).click()
  const messageCard = turn.locator('.mcp-elicit-app .mcp-elicit-app-message')
  await expect(messageCard).toContainText(`The app from ${new URL(stack.demo.url).host} wants to send this to the chat:`)
  await expect(messageCard.locator('blockquote')).toHaveText(`I picked seat ${seat} on LX 318 for Grace Hopper.`)
  await expect(page.locator('.demo-app-message')).toHaveCount(0)
  await messageCard.getByRole('button', { name: 'Send' }).click()
  await expect(page.locator('.demo-app-message')).toContainText(`I picked seat ${seat} on LX 318 for Grace Hopper.`)
  await expect(view.locator('#message-status')).toHaveText('Told the assistant.')
  await expect(messageCard).toHaveCount(0)

  // ui/open-link: the URL consent card first; nothing opens before the click. (The outside page is answered here: no network.)
  await page.context().route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Terms</title>' }))
  await view.getByRole('link', { name: 'Airline terms' }).click()
  const consent = turn.locator('.mcp-elicit-app .mcp-elicit-url')
  await expect(consent).toContainText('example.com')
  const popup = page.waitForEvent('popup')
  await consent.getByRole('button', { name: /^Open/ }).click()
  const opened = await popup
  expect(opened.url()).toContain('example.com/airline-terms')
  await opened.close()
  await expect(view.locator('#link-status')).toHaveText('Opened https://example.com/airline-terms')

  // ui/download-file: the download card first (the server's host, each file); Don't save tells the view so, and
  // nothing is saved; Save writes both files from the page, named from their URIs, with the view's exact bytes.
  const downloads: Download[] = []
  page.on('download', (download) => downloads.push(download))
  const saveButton = view.getByRole('button', { name: 'Save boarding pass' })
  await saveButton.click()
  const card = turn.locator('.mcp-elicit-app .mcp-elicit-app-download')
  await expect(card).toContainText('asks to save these 2 files')
  await expect(card).toContainText(new URL(stack.demo.url).host)
  await expect(card.locator('bdi')).toHaveText(['boarding-pass.txt', 'bytes.bin'])
  await card.getByRole('button', { name: "Don't save" }).click()
  await expect(view.locator('#download-status')).toHaveAttribute('data-state', 'declined')
  expect(downloads).toHaveLength(0)
  await saveButton.click()
  const both = new Promise<void>((resolve) => page.on('download', () => downloads.length === 2 && resolve()))
  await turn.locator('.mcp-elicit-app .mcp-elicit-app-download').getByRole('button', { name: 'Save', exact: true }).click()
  await both
  await expect(view.locator('#download-status')).toHaveAttribute('data-state', 'saved')
  expect(downloads.map((download) => download.suggestedFilename())).toEqual(['boarding-pass.txt', 'bytes.bin'])
  const read = async (download: Download) => readFileSync((await download.path())!)
  expect((await read(downloads[0]!)).toString('utf8')).toBe(`Boarding pass\nFlight LX 318\nSeat ${seat}\n`)
  expect([...(await read(downloads[1]!))]).toEqual(Array.from({ length: 256 }, (_, index) => index))

  // Done: the view asks to be closed; the host sends ui/resource-teardown and waits for its answer with the frame still
  // there (the view reports through an app-only tool during teardown), then shows the plain result in its place.
  await view.getByRole('button', { name: 'Done' }).click()
  await expect(turn.locator('.mcp-elicit-result')).toContainText('LX 318')
  await expect(turn.locator('iframe.mcp-elicit-app-frame')).toHaveCount(0)
  expect(closed().slice(closedBefore)).toEqual([{ view: 'seat-map', flight: 'LX 318', heldSeat: seat }])
})

test('file_issue: the server\u2019s app draws the question (SEP-3118), its answer is checked and sent; the native form is never shown', async ({ page }) => {
  const turn = await sendTool(page, 'file_issue', { repo: 'octo/demo' }, 'demo')
  const view = viewOf(turn)
  const form = view.locator('#issue-form[data-app-rendered]')
  await expect(form).toBeVisible()
  await expect(turn.locator('.mcp-elicit-form')).toHaveCount(0)
  await form.locator('[name="title"]').fill('Seat map flickers')
  await form.locator('[name="severity"][value="high"]').check()
  await form.getByRole('button', { name: 'File issue' }).click()
  expect(await resultOf(turn)).toBe('file_issue: accept {"title":"Seat map flickers","severity":"high"} (asked in octo/demo with the app ui://demo/issue-form.html)')
  await expect(turn.locator('iframe.mcp-elicit-app-frame')).toHaveCount(0)
})

test('file_issue whose app fails to load: the same question in the native form, answered there', async ({ page }) => {
  const turn = await sendTool(page, 'file_issue', { repo: 'octo/demo', broken_view: true }, 'demo')
  const form = turn.locator('.mcp-elicit-form')
  await expect(form).toBeVisible({ timeout: 20_000 })
  await form.getByRole('textbox', { name: /^Title/ }).fill('Broken view')
  await form.getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(turn)).toMatch(/^file_issue: accept \{"title":"Broken view","severity":"medium"\}/)
})

test('the legacy server: the same app and the same app-drawn question over a session', async ({ page }) => {
  const turn = await sendTool(page, 'file_issue', { repo: 'octo/legacy' }, 'legacy')
  const form = viewOf(turn).locator('#issue-form[data-app-rendered]')
  await expect(form).toBeVisible()
  await form.locator('[name="title"]').fill('Legacy too')
  await form.getByRole('button', { name: 'File issue' }).click()
  expect(await resultOf(turn)).toMatch(/^file_issue: accept \{"title":"Legacy too"/)
})

test('a hostile app is held: malformed messages, refused tools, a 10^9 px size, no way out of its sandbox, a flood bounded', async ({ page, stack }) => {
  const turn = await sendTool(page, 'hostile_app', {}, 'demo')
  const view = viewOf(turn)
  await expect(view.locator('#hostile-done')).toBeVisible({ timeout: 60_000 })
  const outcomes = Object.fromEntries(
    await view.locator('li[data-probe]').evaluateAll((items) => items.map((item) => [item.getAttribute('data-probe'), `${item.getAttribute('data-outcome')}: ${item.textContent}`])),
  )
  const outcome = (probe: string) => String(outcomes[probe]).split(':')[0]
  // (a) Malformed: dropped, or answered with a JSON-RPC error; nothing else happens.
  for (const probe of ['wrong-version', 'method-not-string', 'direct-to-top']) expect(outcome(probe), probe).toBe('no-reply')
  for (const probe of ['params-array', 'unknown-method', 'huge-params']) expect(outcome(probe), probe).toBe('refused')
  // (b) Tools: only this server's app-visible tools.
  for (const probe of ['model-only-tool', 'unknown-tool', 'other-server-tool']) expect(outcome(probe), probe).toBe('refused')
  expect(outcome('control-tool')).toBe('allowed')
  expect(stack.demo.received.filter((entry) => entry.tool === 'reveal_secret')).toEqual([])
  // (c) Size: the frame stays within the host's bound, whatever is asked.
  expect((await turn.locator('iframe.mcp-elicit-app-frame').boundingBox())!.height).toBeLessThanOrEqual(800)
  // (d) No way out: the page, the network, popups, navigation, the proxy's realm.
  for (const probe of ['top-location', 'top-document', 'fetch', 'img', 'beacon', 'websocket', 'iframe', 'window-open', 'form', 'top-navigation', 'worker-fetch', 'parent-fetch', 'parent-script']) {
    expect(outcome(probe), probe).toBe('refused')
  }
  // The worker it may start from blob: (as PDF.js does) ran, and its fetch was refused there.
  expect(outcomes['worker-fetch']).toMatch(/the worker's fetch failed/)
  expect(stack.demo.hits('/pwned')).toBe(0)
  // (e) A flood: at most 16 in flight, the rest refused at once; the page still answers.
  expect(outcomes.flood).toMatch(/1000 sent, \d+ answered, \d+ refused, 0 unanswered/)
  expect(stack.demo.received.filter((entry) => entry.tool === 'hostile_control').length).toBeLessThanOrEqual(1 + 16 + 16)
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled()
})
