/**
 * mcp-elicit/ai-sdk in a real Vercel AI SDK chat (`useChat`, the streaming
 * route `POST /api/chat` with `streamText` and the scripted stand-in model)
 * against the demo servers, under the page's strict CSP: the model calls a
 * tool, the call runs in the browser inside the assistant's tool part with
 * every question the server asks, its result goes back with
 * `addToolOutput`, and the model's follow-up quotes it. A tool the server
 * marks destructive waits for the person's Run (the AI SDK's tool approval).
 */
import type { Locator, Page } from '@playwright/test'
import type { DemoStack } from '../demo/stack.ts'
import { completeOutsideStep, expect, test } from './fixtures'
import { cardOf, signInWithPopup } from './sign-in-helpers'

// This page opens its own chat page, not the demo's.
test.use({ demoPage: false })

const BOOKED = 'trip_wizard: booked {"destination":"reykjavik","travellers":2,"depart":"2026-09-14","return":"2026-09-21"}'

async function openChat(page: Page, stack: DemoStack, server = 'demo'): Promise<void> {
  await page.goto(`${stack.pageUrl}ai-sdk.html`)
  await page.getByRole('combobox', { name: 'Server' }).selectOption(server)
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
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

const toolPart = (reply: Locator, tool: string) => reply.locator(`.mcp-elicit-tool-part[data-tool="${tool}"]`)

async function partResult(part: Locator): Promise<string> {
  const result = part.locator('.mcp-elicit-result-content')
  await expect(result).toBeVisible()
  return (await result.innerText()).trim()
}

const wizardPosts = (stack: DemoStack) => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'trip_wizard').length

test('the model calls trip_wizard; its three rounds are answered in the assistant message, and the follow-up quotes the result', async ({ page, stack }) => {
  await openChat(page, stack)
  const chatBodies: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/chat')) chatBodies.push(request.postData() ?? '')
  })
  // The worker's demo stack logs every test's calls: count this one's from here.
  const before = wizardPosts(stack)
  const reply = await ask(page, 'Please book a trip with trip_wizard')
  const part = toolPart(reply, 'trip_wizard')
  await part.getByRole('combobox', { name: 'Destination' }).selectOption({ label: 'Reykjavík, Iceland' })
  await part.getByRole('button', { name: 'Accept' }).click()
  await expect(part.getByText(/Step 2 of 3/)).toBeVisible()
  await part.getByRole('button', { name: 'Accept' }).click()
  await expect(part.getByText(/Step 3 of 3/)).toBeVisible()
  await part.getByRole('button', { name: 'Accept' }).click()
  expect(await partResult(part)).toBe(BOOKED)
  await expect(reply.getByText(`The tool trip_wizard answered: “${BOOKED}”.`)).toBeVisible()
  await expect(part).toHaveAttribute('data-part-state', 'output-available')
  // One tools/call and three retries reached the server; the route got the listing twice (the question, then the result).
  expect(wizardPosts(stack) - before).toBe(4)
  expect(chatBodies).toHaveLength(2)
  for (const body of chatBodies) expect((JSON.parse(body) as { mcpTools: Array<{ name: string }> }).mcpTools.map((tool) => tool.name)).toContain('trip_wizard')
})

test('the legacy era (2025-11-25 sessions) in the same chat: the question in the part, the answer reaches the tool', async ({ page, stack }) => {
  await openChat(page, stack, 'legacy')
  const reply = await ask(page, 'run legacy_profile')
  const form = toolPart(reply, 'legacy_profile').locator('.mcp-elicit-form')
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Grace Hopper')
  await form.getByRole('button', { name: 'Accept' }).click()
  expect(await partResult(toolPart(reply, 'legacy_profile'))).toMatch(/^legacy_profile: accept /)
  await expect(reply.getByText(/^The tool legacy_profile answered: “legacy_profile: accept /)).toBeVisible()
  expect(stack.legacy.sessions().length).toBeGreaterThan(0)
})

test('a URL consent inside the tool part: nothing opens before the click, then the outside step completes', async ({ page, stack }) => {
  await openChat(page, stack)
  const before = stack.demo.hits('/connect')
  const reply = await ask(page, 'run connect_account')
  const card = toolPart(reply, 'connect_account').locator('.mcp-elicit-url')
  await expect(card.locator('code.mcp-elicit-url-full')).toContainText(`${stack.demo.origin}/connect?id=`)
  expect(stack.demo.hits('/connect')).toBe(before)
  await completeOutsideStep(page, card)
  expect(await partResult(toolPart(reply, 'connect_account'))).toMatch(/^connect_account: accept; outside step completed; connected [\w-]+ after 1 ask$/)
  await expect(reply.getByText(/^The tool connect_account answered: “connect_account: accept/)).toBeVisible()
})

test('a sign-in inside the tool part: the call waits for it and finishes; the route never sees a token', async ({ page, stack }) => {
  await openChat(page, stack, 'protected')
  const chatHeaders: Array<Record<string, string>> = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/chat')) chatHeaders.push(request.headers())
  })
  const reply = await ask(page, 'run whoami')
  const part = toolPart(reply, 'whoami')
  const card = cardOf(part)
  await expect(card).toHaveAttribute('data-state', 'needs_sign_in')
  await expect(card).toContainText(new URL(stack.protected.primary.as.issuer).host)
  await signInWithPopup(page, card)
  expect(await partResult(part)).toMatch(/^whoami: ada \(scope [^)]*mcp:read/)
  await expect(reply.getByText(/^The tool whoami answered: “whoami: ada/)).toBeVisible()
  await expect(page.getByText('Signed in to this server.')).toBeVisible()
  expect(chatHeaders.length).toBe(2)
  for (const headers of chatHeaders) expect(Object.keys(headers).map((name) => name.toLowerCase())).not.toContain('authorization')
})

test('Stop in the tool part cancels the call on the server, and the model is told it was stopped', async ({ page, stack }) => {
  await openChat(page, stack)
  const reply = await ask(page, 'run slow_report seconds=20')
  const part = toolPart(reply, 'slow_report')
  await expect(part.getByRole('progressbar')).toBeVisible()
  await part.getByRole('button', { name: 'Stop' }).click()
  await expect(part.getByRole('status')).toHaveText('Cancelled.')
  const report = await stack.demo.waitForReceived('slow_report', 5000)
  expect(report.data).toMatchObject({ seconds: 20, aborted: true })
  await expect(reply.getByText('The tool slow_report failed: The person stopped this tool call..')).toBeVisible()
  await expect(part).toHaveAttribute('data-part-state', 'output-error')
})

test('a reload in the middle of a round resumes it: the conversation, the question, the same requestState', async ({ page, stack }) => {
  await openChat(page, stack)
  const reply = await ask(page, 'run trip_wizard')
  const part = toolPart(reply, 'trip_wizard')
  await part.getByRole('combobox', { name: 'Destination' }).selectOption({ label: 'Reykjavík, Iceland' })
  await part.getByRole('button', { name: 'Accept' }).click()
  await expect(part.getByText(/Step 2 of 3/)).toBeVisible()
  const before = wizardPosts(stack)
  await page.reload()
  const resumed = toolPart(page.locator('article[data-role="assistant"]').last(), 'trip_wizard')
  await expect(resumed.getByText(/Step 2 of 3: when\? \(Reykjavík, Iceland, 2 travellers\)/)).toBeVisible()
  // The saved round is shown again: nothing was sent on reload.
  expect(wizardPosts(stack)).toBe(before)
  await resumed.getByRole('button', { name: 'Accept' }).click()
  await resumed.getByRole('button', { name: 'Accept' }).click()
  expect(await partResult(resumed)).toBe(BOOKED)
  await expect(page.getByText(`The tool trip_wizard answered: “${BOOKED}”.`)).toBeVisible()
  // Once answered, another reload shows the result from the conversation, and calls nothing.
  const after = wizardPosts(stack)
  await page.reload()
  expect(await partResult(toolPart(page.locator('article[data-role="assistant"]').last(), 'trip_wizard'))).toBe(BOOKED)
  expect(wizardPosts(stack)).toBe(after)
})

test('a reload while a call runs with no round open sends nothing again: the part waits for Run', async ({ page, stack }) => {
  await openChat(page, stack)
  const reply = await ask(page, 'run slow_report seconds=3')
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
  await expect(page.getByText(/^The tool slow_report answered: “slow_report: finished 3 s/)).toBeVisible()
})

test('a tool with an MCP App shows the app in its part; its app-only tool is never offered to the model; its message goes to the chat once the person sends it', async ({ page, stack }) => {
  await openChat(page, stack)
  const reply = await ask(page, 'run seat_map flight="LX 318" rows=8')
  const part = toolPart(reply, 'seat_map')
  const view = part.frameLocator('iframe.mcp-elicit-app-frame').frameLocator('iframe')
  await expect(view.locator('#flight')).toHaveText('Flight LX 318')
  await expect(view.locator('#input')).toContainText('"rows":8')
  await expect(view.locator('#status')).toHaveAttribute('data-state', 'ready')
  await expect(reply.getByText(/^The tool seat_map answered: /)).toBeVisible()
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
  await expect(page.locator('article[data-role="user"]').last()).toHaveText(`The app from ${new URL(stack.demo.url).host} says: “I picked seat ${seat} on LX 318 for Grace Hopper.”`)
  await expect(page.locator('article[data-role="assistant"]')).toHaveCount(2)
  // hold_seat is visibility ["app"]: the model never sees it, so naming it calls nothing.
  const refused = await ask(page, 'run hold_seat')
  await expect(refused.getByText(/^I am a scripted stand-in\. Name a tool and I will call it: /)).toBeVisible()
  await expect(refused.locator('.mcp-elicit-tool-part')).toHaveCount(0)
})

const clears = (stack: DemoStack) => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'clear_notes').length

test('a tool the server marks destructive waits for Run: nothing reaches the server before the click', async ({ page, stack }) => {
  await openChat(page, stack)
  const before = clears(stack)
  const reply = await ask(page, 'run clear_notes')
  const part = toolPart(reply, 'clear_notes')
  await expect(part).toHaveAttribute('data-part-state', 'approval-requested')
  const card = part.getByRole('group', { name: `Run Clear the notes on ${new URL(stack.demo.url).host}?` })
  await expect(card).toBeVisible()
  expect(clears(stack)).toBe(before)
  await card.getByRole('button', { name: 'Run', exact: true }).click()
  expect(await partResult(part)).toMatch(/^clear_notes: \d+ notes? deleted$/)
  await expect(reply.getByText(/^The tool clear_notes answered: “clear_notes: \d+ notes? deleted”\.$/)).toBeVisible()
  expect(clears(stack)).toBe(before + 1)
})

test("Don't run on a destructive tool's card: the model is told, and the server never sees the call", async ({ page, stack }) => {
  await openChat(page, stack)
  const before = clears(stack)
  const reply = await ask(page, 'run clear_notes')
  const part = toolPart(reply, 'clear_notes')
  await part.getByRole('button', { name: "Don't run" }).click()
  await expect(reply.getByText('The tool clear_notes failed: The person chose not to run this tool call..')).toBeVisible()
  await expect(part.getByRole('status')).toHaveText('Not run.')
  await expect(part).toHaveAttribute('data-part-state', 'output-error')
  expect(clears(stack)).toBe(before)
})
