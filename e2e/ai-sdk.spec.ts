/**
 * mcp-elicit/ai-sdk in a real Vercel AI SDK chat (`useChat`, the streaming
 * route `POST /api/chat` with `streamText` and the scripted stand-in model)
 * over a set of three real servers at once (the 2026 demo server, the
 * 2025-11-25 one, a protected one that needs a sign-in), under the page's
 * strict CSP: the model calls a tool by its qualified name
 * (`<server>__<tool>`), the call runs in the browser inside the assistant's
 * tool part on the server the tool came from, with every question that
 * server asks; its result goes back with `addToolOutput`, and the model's
 * follow-up quotes it. A tool the server marks destructive waits for the
 * person's Run (the AI SDK's tool approval).
 */
import type { Locator, Page } from '@playwright/test'
import type { DemoStack } from '../demo/stack.ts'
import { completeOutsideStep, expect, test } from './fixtures'
import { signInWithPopup } from './sign-in-helpers'

// This page opens its own chat page, not the demo's.
test.use({ demoPage: false })

const BOOKED = 'trip_wizard: booked {"destination":"reykjavik","travellers":2,"depart":"2026-09-14","return":"2026-09-21"}'

const serverLine = (page: Page, id: string) => page.getByRole('list', { name: 'Servers' }).locator(`li[data-server="${id}"]`)

async function openChat(page: Page, stack: DemoStack): Promise<void> {
  await page.goto(`${stack.pageUrl}ai-sdk.html`)
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
  await expect(serverLine(page, 'demo')).toHaveAttribute('data-status', 'ready')
  await expect(serverLine(page, 'legacy')).toHaveAttribute('data-status', 'ready')
}

/** Sends a message; the assistant's reply that follows it. */
async function ask(page: Page, text: string): Promise<Locator> {
  const replies = page.locator('article[data-role="assistant"]')
  const before = await replies.count()
  await page.getByRole('textbox', { name: 'Message' }).fill(text)
  await page.getByRole('button', { name: 'Send' }).click()
  const reply = replies.nth(before)
  await expect(reply).toBeVisible()
  return reply
}

const toolPart = (reply: Locator, tool: string, server = 'demo') => reply.locator(`.mcp-elicit-tool-part[data-server="${server}"][data-mcp-tool="${tool}"]`)

/** A finished call's folded line: its result's first line. */
async function partResult(part: Locator): Promise<string> {
  const line = part.locator('summary.mcp-elicit-folded-line')
  await expect(line).toBeVisible()
  return (await line.innerText()).trim()
}

/** The `mcpTools` of each chat request the page sends from now on. */
function chatListings(page: Page): Array<{ servers: Array<{ id: string; status: string; tools?: Array<{ name: string }> }> }> {
  const bodies: Array<{ servers: Array<{ id: string; status: string; tools?: Array<{ name: string }> }> }> = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/chat')) bodies.push((JSON.parse(request.postData() ?? '{}') as { mcpTools: (typeof bodies)[number] }).mcpTools)
  })
  return bodies
}

const toolsOf = (listing: ReturnType<typeof chatListings>[number], id: string) => listing.servers.find((server) => server.id === id)?.tools?.map((tool) => tool.name)

const wizardPosts = (stack: DemoStack) => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'trip_wizard').length

test('the model calls demo__trip_wizard; its three rounds are answered in the assistant message, and the follow-up quotes the result', async ({ page, stack }) => {
  await openChat(page, stack)
  const listings = chatListings(page)
  // The worker's demo stack logs every test's calls: count this one's from here.
  const before = wizardPosts(stack)
  const reply = await ask(page, 'Please book a trip with demo__trip_wizard')
  const part = toolPart(reply, 'trip_wizard')
  await part.getByRole('combobox', { name: 'Destination' }).selectOption({ label: 'Reykjavík, Iceland' })
  await part.getByRole('button', { name: 'Accept' }).click()
  await expect(part.getByText(/Step 2 of 3/)).toBeVisible()
  await part.getByRole('button', { name: 'Accept' }).click()
  await expect(part.getByText(/Step 3 of 3/)).toBeVisible()
  await part.getByRole('button', { name: 'Accept' }).click()
  expect(await partResult(part)).toBe(BOOKED)
  await expect(reply.getByText(`The tool demo__trip_wizard answered: “${BOOKED}”.`)).toBeVisible()
  await expect(part).toHaveAttribute('data-part-state', 'output-available')
  // The part is headed by the tool's title and its server's name; finished, it is one line, with nothing that runs it again.
  await expect(part.locator('.mcp-elicit-tool-heading')).toHaveText(/ · Demo server$/)
  await expect(part.getByRole('button')).toHaveCount(0)
  // One tools/call and three retries reached the server; the route got the listing twice (the question, then the result):
  // each server side by side, the protected one signed out and without tools.
  expect(wizardPosts(stack) - before).toBe(4)
  expect(listings).toHaveLength(2)
  for (const listing of listings) {
    expect(listing.servers.map((server) => [server.id, server.status])).toEqual([['demo', 'ready'], ['legacy', 'ready'], ['protected', 'signed-out']])
    expect(toolsOf(listing, 'demo')).toContain('trip_wizard')
    expect(toolsOf(listing, 'protected')).toBeUndefined()
  }
})

test('the legacy era (2025-11-25 sessions) in the same chat: the question in the part, the answer reaches the tool', async ({ page, stack }) => {
  await openChat(page, stack)
  const reply = await ask(page, 'run legacy__legacy_profile')
  const form = toolPart(reply, 'legacy_profile', 'legacy').locator('.mcp-elicit-form')
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Grace Hopper')
  await form.getByRole('button', { name: 'Accept' }).click()
  expect(await partResult(toolPart(reply, 'legacy_profile', 'legacy'))).toMatch(/^legacy_profile: accept /)
  await expect(reply.getByText(/^The tool legacy__legacy_profile answered: “legacy_profile: accept /)).toBeVisible()
  expect(stack.legacy.sessions().length).toBeGreaterThan(0)
})

test('a URL consent inside the tool part: nothing opens before the click, then the outside step completes', async ({ page, stack }) => {
  await openChat(page, stack)
  const before = stack.demo.hits('/connect')
  const reply = await ask(page, 'run demo__connect_account')
  const card = toolPart(reply, 'connect_account').locator('.mcp-elicit-url')
  await expect(card.locator('code.mcp-elicit-url-full')).toContainText(`${stack.demo.origin}/connect?id=`)
  expect(stack.demo.hits('/connect')).toBe(before)
  await completeOutsideStep(page, card)
  expect(await partResult(toolPart(reply, 'connect_account'))).toMatch(/^connect_account: accept; outside step completed; connected [\w-]+ after 1 ask$/)
  await expect(reply.getByText(/^The tool demo__connect_account answered: “connect_account: accept/)).toBeVisible()
})

test('a sign-in one server needs while the others keep working: its tools come once the person signed in; the route never sees a token', async ({ page, stack }) => {
  await openChat(page, stack)
  const chatHeaders: Array<Record<string, string>> = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/chat')) chatHeaders.push(request.headers())
  })
  const line = serverLine(page, 'protected')
  await expect(line).toHaveAttribute('data-status', 'signed-out')
  // Signed out: its tools are not offered, and the model is told why in one line; nothing starts a sign-in by itself.
  const refused = await ask(page, 'run protected__whoami')
  await expect(refused.getByText('The tools of the MCP server “Protected server” (protected) are not offered now: the person is not signed in to it (they can sign in from the page).', { exact: false })).toBeVisible()
  await expect(refused.locator('.mcp-elicit-tool-part')).toHaveCount(0)
  // The other servers work all the while.
  const other = await ask(page, 'run demo__slow_report seconds=1')
  expect(await partResult(toolPart(other, 'slow_report'))).toMatch(/^slow_report: finished 1 s of work/)
  // The person signs in from the server's line; its tools join the listing.
  await signInWithPopup(page, line)
  await expect(line).toHaveAttribute('data-status', 'ready')
  const reply = await ask(page, 'run protected__whoami')
  const part = toolPart(reply, 'whoami', 'protected')
  expect(await partResult(part)).toMatch(/^whoami: ada \(scope [^)]*mcp:read/)
  await expect(part.locator('.mcp-elicit-tool-heading')).toHaveText('Who am I · Protected server')
  await expect(reply.getByText(/^The tool protected__whoami answered: “whoami: ada/)).toBeVisible()
  expect(chatHeaders.length).toBeGreaterThanOrEqual(4)
  for (const headers of chatHeaders) expect(Object.keys(headers).map((name) => name.toLowerCase())).not.toContain('authorization')
})

test('Stop in the tool part cancels the call on the server, and the model is told it was stopped', async ({ page, stack }) => {
  await openChat(page, stack)
  const reply = await ask(page, 'run demo__slow_report seconds=20')
  const part = toolPart(reply, 'slow_report')
  await expect(part.getByRole('progressbar')).toBeVisible()
  await part.getByRole('button', { name: 'Stop' }).click()
  await expect(part.getByRole('status')).toHaveText('Cancelled.')
  // The worker's demo server logs every test's calls: this one's is the 20-second report.
  const reports = () => stack.demo.received.filter((entry) => entry.tool === 'slow_report' && (entry.data as { seconds?: number }).seconds === 20).map((entry) => entry.data)
  await expect.poll(reports, { timeout: 5000 }).toEqual([expect.objectContaining({ aborted: true })])
  await expect(reply.getByText('The tool demo__slow_report failed: The person stopped this tool call..')).toBeVisible()
  await expect(part).toHaveAttribute('data-part-state', 'output-error')
})

test('a reload in the middle of a round resumes it on the right server: the conversation, the question, the same requestState, the model\'s listing intact', async ({ page, stack }) => {
  await openChat(page, stack)
  const reply = await ask(page, 'run demo__trip_wizard')
  const part = toolPart(reply, 'trip_wizard')
  await part.getByRole('combobox', { name: 'Destination' }).selectOption({ label: 'Reykjavík, Iceland' })
  await part.getByRole('button', { name: 'Accept' }).click()
  await expect(part.getByText(/Step 2 of 3/)).toBeVisible()
  const before = wizardPosts(stack)
  await page.reload()
  const listings = chatListings(page)
  const resumed = toolPart(page.locator('article[data-role="assistant"]').last(), 'trip_wizard')
  await expect(resumed.getByText(/Step 2 of 3: when\? \(Reykjavík, Iceland, 2 travellers\)/)).toBeVisible()
  await expect(resumed.locator('.mcp-elicit-tool-heading')).toHaveText(/ · Demo server$/)
  // The saved round is shown again: nothing was sent on reload.
  expect(wizardPosts(stack)).toBe(before)
  await resumed.getByRole('button', { name: 'Accept' }).click()
  await resumed.getByRole('button', { name: 'Accept' }).click()
  expect(await partResult(resumed)).toBe(BOOKED)
  await expect(page.getByText(`The tool demo__trip_wizard answered: “${BOOKED}”.`)).toBeVisible()
  // The follow-up went with every server's listing: the model still had demo__trip_wizard to read the result by.
  expect(listings).toHaveLength(1)
  expect(toolsOf(listings[0]!, 'demo')).toContain('trip_wizard')
  expect(toolsOf(listings[0]!, 'legacy')).toContain('legacy_profile')
  // Once answered, another reload shows the result from the conversation, and calls nothing.
  const after = wizardPosts(stack)
  await page.reload()
  expect(await partResult(toolPart(page.locator('article[data-role="assistant"]').last(), 'trip_wizard'))).toBe(BOOKED)
  expect(wizardPosts(stack)).toBe(after)
})

test('a reload while a call runs with no round open sends nothing again: the part waits for Run', async ({ page, stack }) => {
  await openChat(page, stack)
  const reply = await ask(page, 'run demo__slow_report seconds=3')
  await expect(toolPart(reply, 'slow_report').getByRole('progressbar')).toBeVisible()
  const started = () => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'slow_report').length
  const before = started()
  await page.reload()
  const part = toolPart(page.locator('article[data-role="assistant"]').last(), 'slow_report')
  const run = part.getByRole('button', { name: 'Run slow_report' })
  await expect(run).toBeVisible()
  expect(started()).toBe(before)
  await run.click()
  expect(await partResult(part)).toMatch(/^slow_report: finished 3 s of work/)
  await expect(page.getByText(/^The tool demo__slow_report answered: “slow_report: finished 3 s/)).toBeVisible()
})

test('a tool with an MCP App shows the app in its part; its app-only tool is never offered to the model; its message goes to the chat once the person sends it', async ({ page, stack }) => {
  await openChat(page, stack)
  const reply = await ask(page, 'run demo__seat_map flight="LX 318" rows=8')
  const part = toolPart(reply, 'seat_map')
  const view = part.frameLocator('iframe.mcp-elicit-app-frame').frameLocator('iframe')
  await expect(view.locator('#flight')).toHaveText('Flight LX 318')
  await expect(view.locator('#input')).toContainText('"rows":8')
  await expect(view.locator('#status')).toHaveAttribute('data-state', 'ready')
  await expect(reply.getByText(/^The tool demo__seat_map answered: /)).toBeVisible()
  // The app holds a seat through hold_seat (app-only): its question is answered in the part, under the frame.
  const free = view.locator('[data-seat][data-state="free"]').first()
  const seat = await free.getAttribute('data-seat')
  await free.click()
  const question = part.locator('.mcp-elicit-app .mcp-elicit-form')
  await expect(question).toContainText(`Hold seat ${seat}`)
  await question.getByRole('textbox', { name: /Passenger name/ }).fill('Grace Hopper')
  await question.getByRole('button', { name: 'Accept' }).click()
  await expect(view.locator('#status')).toHaveText(`Seat ${seat} held for Grace Hopper.`)
  // ui/message: once the person clicks Send on its card, the app's message joins the conversation marked as the app's words, not the person's.
  await view.getByRole('button', { name: 'Tell the assistant' }).click()
  const card = part.locator('.mcp-elicit-app .mcp-elicit-app-message')
  await expect(card.locator('blockquote')).toHaveText(`I picked seat ${seat} on LX 318 for Grace Hopper.`)
  await expect(page.locator('article[data-role="user"]')).toHaveCount(1)
  await card.getByRole('button', { name: 'Send' }).click()
  await expect(page.locator('article[data-role="user"]').last()).toHaveText(`An app in this chat says: “I picked seat ${seat} on LX 318 for Grace Hopper.”`)
  await expect(page.locator('article[data-role="assistant"]')).toHaveCount(2)
  // hold_seat is visibility ["app"]: the model never sees it, so naming it calls nothing.
  const refused = await ask(page, 'run demo__hold_seat')
  await expect(refused.getByText(/^I am a scripted stand-in\. Name a tool and I will call it: /)).toBeVisible()
  await expect(refused.locator('.mcp-elicit-tool-part')).toHaveCount(0)
})

const clears = (stack: DemoStack) => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'clear_notes').length

test('a tool the server marks destructive waits for Run: nothing reaches the server before the click', async ({ page, stack }) => {
  await openChat(page, stack)
  const before = clears(stack)
  const reply = await ask(page, 'run demo__clear_notes')
  const part = toolPart(reply, 'clear_notes')
  await expect(part).toHaveAttribute('data-part-state', 'approval-requested')
  const card = part.getByRole('group', { name: `Run Clear the notes on ${new URL(stack.demo.url).host}?` })
  await expect(card).toBeVisible()
  expect(clears(stack)).toBe(before)
  await card.getByRole('button', { name: 'Run', exact: true }).click()
  expect(await partResult(part)).toMatch(/^clear_notes: \d+ notes? deleted$/)
  await expect(reply.getByText(/^The tool demo__clear_notes answered: “clear_notes: \d+ notes? deleted”\.$/)).toBeVisible()
  expect(clears(stack)).toBe(before + 1)
})

test("Don't run on a destructive tool's card: the model is told, and the server never sees the call", async ({ page, stack }) => {
  await openChat(page, stack)
  const before = clears(stack)
  const reply = await ask(page, 'run demo__clear_notes')
  const part = toolPart(reply, 'clear_notes')
  await part.getByRole('button', { name: "Don't run" }).click()
  await expect(reply.getByText('The tool demo__clear_notes failed: The person chose not to run this tool call..')).toBeVisible()
  await expect(part.getByRole('status')).toHaveText('Not run.')
  await expect(part).toHaveAttribute('data-part-state', 'output-error')
  expect(clears(stack)).toBe(before)
})

const seatMaps = (server: DemoStack['demo'] | DemoStack['legacy'], flight: string) => server.received.filter((entry) => entry.tool === 'seat_map' && (entry.data as { flight?: string }).flight === flight)

test('a tool name two servers share (seat_map): each call reaches its own server, under its own heading and model name', async ({ page, stack }) => {
  await openChat(page, stack)
  const first = await ask(page, 'run legacy__seat_map flight="SH 1" rows=6')
  await expect(first.getByText(/^The tool legacy__seat_map answered: /)).toBeVisible()
  const second = await ask(page, 'run demo__seat_map flight="SH 2" rows=6')
  await expect(second.getByText(/^The tool demo__seat_map answered: /)).toBeVisible()
  expect(seatMaps(stack.legacy, 'SH 1')).toHaveLength(1)
  expect(seatMaps(stack.demo, 'SH 1')).toHaveLength(0)
  expect(seatMaps(stack.demo, 'SH 2')).toHaveLength(1)
  expect(seatMaps(stack.legacy, 'SH 2')).toHaveLength(0)
  await expect(toolPart(first, 'seat_map', 'legacy').locator('.mcp-elicit-tool-heading')).toHaveText(/ · Legacy server$/)
  await expect(toolPart(second, 'seat_map', 'demo').locator('.mcp-elicit-tool-heading')).toHaveText(/ · Demo server$/)
})

test('the apps of two servers side by side: each on its own server\'s sandbox site, each app\'s tool call reaching only its own server', async ({ page, stack }) => {
  await openChat(page, stack)
  const views: Array<{ part: Locator; server: 'demo' | 'legacy'; flight: string }> = []
  for (const [server, flight] of [['demo', 'SB 1'], ['legacy', 'SB 2']] as const) {
    const reply = await ask(page, `run ${server}__seat_map flight="${flight}" rows=6`)
    await expect(reply.getByText(new RegExp(`^The tool ${server}__seat_map answered: `))).toBeVisible()
    views.push({ part: toolPart(reply, 'seat_map', server), server, flight })
  }
  for (const { part, server, flight } of views) {
    const frame = part.locator('iframe.mcp-elicit-app-frame')
    const sandbox = stack.config.servers.find((entry) => entry.id === server)!.sandboxUrl!
    expect(new URL((await frame.getAttribute('src'))!).origin).toBe(new URL(sandbox).origin)
    const view = frame.contentFrame().frameLocator('iframe')
    await expect(view.locator('#flight')).toHaveText(`Flight ${flight}`)
  }
  // Both apps are on the page at once; a seat held in each goes to that app's own server.
  for (const { part, server, flight } of views) {
    const view = part.frameLocator('iframe.mcp-elicit-app-frame').frameLocator('iframe')
    const free = view.locator('[data-seat][data-state="free"]').first()
    const seat = await free.getAttribute('data-seat')
    await free.click()
    const question = part.locator('.mcp-elicit-app .mcp-elicit-form')
    await question.getByRole('textbox', { name: /Passenger name/ }).fill(`Pilot ${server}`)
    await question.getByRole('button', { name: 'Accept' }).click()
    await expect(view.locator('#status')).toHaveText(`Seat ${seat} held for Pilot ${server}.`)
    const holds = (host: DemoStack['demo'] | DemoStack['legacy']) => host.received.filter((entry) => entry.tool === 'hold_seat' && JSON.stringify(entry.data).includes(flight))
    expect(holds(server === 'demo' ? stack.demo : stack.legacy)).toHaveLength(1)
    expect(holds(server === 'demo' ? stack.legacy : stack.demo)).toHaveLength(0)
  }
})

test('an older server\'s call with a roots request in the middle: once approved, the call\'s progress shows again', async ({ page, stack }) => {
  // The worker's stack serves other specs' tests too: only this test's scan counts.
  const scansBefore = stack.legacy.received.filter((entry) => entry.tool === 'legacy_scan').length
  await openChat(page, stack)
  const reply = await ask(page, 'run legacy__legacy_scan seconds=30')
  const part = toolPart(reply, 'legacy_scan', 'legacy')
  const card = part.locator('.mcp-elicit-approval')
  await expect(card).toContainText('file:///demo/workspace')
  await card.getByRole('button', { name: 'Approve' }).click()
  const send = card.getByRole('button', { name: 'Send' })
  if (await send.count()) await send.click()
  // No empty waiting panel: the call runs on, its progress there again.
  await expect(part.getByRole('progressbar')).toBeVisible()
  await expect(part.getByText(/Scanned \d+ of 30 s/)).toBeVisible()
  await expect(part.locator('.mcp-elicit-approval')).toHaveCount(0)
  await part.getByRole('button', { name: 'Stop' }).click()
  const scans = () => stack.legacy.received.filter((entry) => entry.tool === 'legacy_scan').slice(scansBefore)
  await expect.poll(() => scans().length, { timeout: 10_000 }).toBeGreaterThan(0)
  const scan = scans()[0]!
  expect(scan.data).toMatchObject({ roots: ['file:///demo/workspace', 'file:///demo/notes'], aborted: true })
})

test('a server stopped mid-conversation leaves the listing with one line why, the others working; started again, its tools come back', async ({ page, stack }) => {
  await openChat(page, stack)
  const before = await ask(page, 'run demo__slow_report seconds=1')
  expect(await partResult(toolPart(before, 'slow_report'))).toMatch(/^slow_report: finished 1 s/)
  await stack.stopDemo()
  try {
    const down = await ask(page, 'run demo__trip_wizard')
    await expect(down.getByText('The tools of the MCP server “Demo server” (demo) are not offered now: it could not be reached.', { exact: false })).toBeVisible()
    await expect(down.locator('.mcp-elicit-tool-part')).toHaveCount(0)
    await expect(serverLine(page, 'demo')).toHaveAttribute('data-status', 'unreachable')
    // The older server goes on meanwhile.
    const legacy = await ask(page, 'run legacy__legacy_profile')
    await expect(toolPart(legacy, 'legacy_profile', 'legacy').locator('.mcp-elicit-form')).toBeVisible()
  } finally {
    await stack.startDemo()
  }
  const back = await ask(page, 'run demo__trip_wizard')
  await expect(toolPart(back, 'trip_wizard').getByRole('combobox', { name: 'Destination' })).toBeVisible()
  await expect(serverLine(page, 'demo')).toHaveAttribute('data-status', 'ready')
  expect(stack.demo.log.some((hit) => hit.tool === 'trip_wizard')).toBe(true)
})

test('an older server\'s call cut by a reload says so, and its "Run it again" runs it anew', async ({ page, stack }) => {
  await openChat(page, stack)
  const reply = await ask(page, 'run legacy__legacy_profile')
  await expect(toolPart(reply, 'legacy_profile', 'legacy').locator('.mcp-elicit-form')).toBeVisible()
  await page.reload()
  const part = toolPart(page.locator('article[data-role="assistant"]').last(), 'legacy_profile', 'legacy')
  const cut = part.getByRole('status').filter({ hasText: 'cut off when the page reloaded' })
  await expect(cut).toBeVisible()
  await expect(part.locator('.mcp-elicit-error')).toHaveCount(0)
  await cut.getByRole('button', { name: 'Run it again' }).click()
  const form = part.locator('.mcp-elicit-form')
  await form.getByRole('button', { name: 'Accept' }).click()
  expect(await partResult(part)).toMatch(/^legacy_profile: accept /)
  await expect(page.getByText(/^The tool legacy__legacy_profile answered: “legacy_profile: accept /)).toBeVisible()
})
