/**
 * mcp-elicit/assistant-ui in a real assistant-ui chat (its local runtime,
 * the scripted stand-in model) against the demo servers: the model calls a
 * tool, the server's questions are answered inside the model's reply, and
 * the model's follow-up quotes the result. A tool the server marks
 * destructive waits for the person's Run, in both kinds of runtime. Under
 * the page's strict CSP.
 */
import type { Locator } from '@playwright/test'
import type { DemoStack } from '../demo/stack.ts'
import { completeOutsideStep, expect, test } from './fixtures'
import { ask, openAssistantUi, partResult, toolPart } from './assistant-ui-helpers'
import { cardOf, signInWithPopup } from './sign-in-helpers'

// This page opens its own chat page, not the demo's.
test.use({ demoPage: false })

/** The POSTs of trip_wizard the demo server got so far (the call and its retries). */
const wizardPosts = (stack: DemoStack) => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'trip_wizard').length

/** Answers the wizard's first round (Reykjavík) and waits for the second. */
async function pickReykjavik(part: Locator) {
  await part.getByRole('combobox', { name: 'Destination' }).selectOption({ label: 'Reykjavík, Iceland' })
  await part.getByRole('button', { name: 'Accept' }).click()
  await expect(part.getByText(/Step 2 of 3/)).toBeVisible()
}

const BOOKED = 'trip_wizard: booked {"destination":"reykjavik","travellers":2,"depart":"2026-09-14","return":"2026-09-21"}'

test('the model calls trip_wizard; its three rounds are answered in the reply, and the follow-up quotes the result', async ({ page, stack }, testInfo) => {
  await openAssistantUi(page, stack)
  const before = wizardPosts(stack)
  const reply = await ask(page, 'Please book a trip with trip_wizard')
  const part = toolPart(reply, 'trip_wizard')
  await pickReykjavik(part)
  await part.getByRole('button', { name: 'Accept' }).click()
  await expect(part.getByText(/Step 3 of 3/)).toBeVisible()
  await part.getByRole('button', { name: 'Accept' }).click()
  expect(await partResult(part)).toBe(BOOKED)
  await expect(reply.getByText(`The tool trip_wizard answered: “${BOOKED}”.`)).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('assistant-ui-wizard.png'), fullPage: true })
  // The call and its three retries: nothing ran it twice.
  expect(wizardPosts(stack) - before).toBe(4)
})

test('a URL consent inside the tool part: nothing opens before the click, then the outside step completes', async ({ page, stack }) => {
  await openAssistantUi(page, stack)
  const before = stack.demo.hits('/connect')
  const reply = await ask(page, 'connect_account please')
  const card = toolPart(reply, 'connect_account').locator('.mcp-elicit-url')
  await expect(card.locator('code.mcp-elicit-url-full')).toContainText(`${stack.demo.origin}/connect?id=`)
  expect(stack.demo.hits('/connect')).toBe(before)
  await completeOutsideStep(page, card)
  expect(await partResult(toolPart(reply, 'connect_account'))).toMatch(/^connect_account: accept; outside step completed; connected [\w-]+ after 1 ask$/)
  await expect(reply.getByText(/^The tool connect_account answered: “connect_account: accept/)).toBeVisible()
})

test('a sign-in inside the tool part: the call waits for it, then finishes and the model quotes it', async ({ page, stack }) => {
  await openAssistantUi(page, stack, 'protected')
  const reply = await ask(page, 'whoami')
  const part = toolPart(reply, 'whoami')
  const card = cardOf(part)
  await expect(card).toHaveAttribute('data-state', 'needs_sign_in')
  await expect(card).toContainText(new URL(stack.protected.primary.as.issuer).host)
  await signInWithPopup(page, card)
  expect(await partResult(part)).toMatch(/^whoami: ada \(scope [^)]*mcp:read/)
  await expect(reply.getByText(/^The tool whoami answered: “whoami: ada/)).toBeVisible()
})

test('Stop in the tool part cancels the call on the server, and the model hears it was stopped', async ({ page, stack }) => {
  await openAssistantUi(page, stack)
  const reply = await ask(page, 'slow_report seconds=20')
  const part = toolPart(reply, 'slow_report')
  await expect(part.getByRole('progressbar')).toBeVisible()
  await part.getByRole('button', { name: 'Stop' }).click()
  const report = await stack.demo.waitForReceived('slow_report', 5000)
  expect(report.data).toMatchObject({ seconds: 20, aborted: true })
  await expect(reply.getByText('The tool slow_report failed: The person stopped the call..')).toBeVisible()
})

test('a reload in the middle of a round resumes it: the thread, the question, the same requestState', async ({ page, stack }) => {
  await openAssistantUi(page, stack)
  const reply = await ask(page, 'trip_wizard')
  const part = toolPart(reply, 'trip_wizard')
  await pickReykjavik(part)
  const posts = () => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'trip_wizard').length
  const before = posts()
  await page.reload()
  const resumed = toolPart(page.locator('.aui-demo-message[data-role="assistant"]').last(), 'trip_wizard')
  await expect(resumed.getByText(/Step 2 of 3: when\? \(Reykjavík, Iceland, 2 travellers\)/)).toBeVisible()
  // The saved round is shown again: nothing was sent on reload.
  expect(posts()).toBe(before)
  await resumed.getByRole('button', { name: 'Accept' }).click()
  await resumed.getByRole('button', { name: 'Accept' }).click()
  expect(await partResult(resumed)).toBe(BOOKED)
  await expect(page.getByText(`The tool trip_wizard answered: “${BOOKED}”.`)).toBeVisible()
})

test('the legacy server (2025-11-25): its question arrives on the session’s stream and is answered in the tool part', async ({ page, stack }) => {
  await openAssistantUi(page, stack, 'legacy')
  const reply = await ask(page, 'legacy_profile')
  const form = toolPart(reply, 'legacy_profile').locator('.mcp-elicit-form')
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Grace Hopper')
  await form.getByRole('spinbutton', { name: 'Age' }).fill('46')
  await form.getByRole('button', { name: 'Accept' }).click()
  expect(await partResult(toolPart(reply, 'legacy_profile'))).toMatch(/^legacy_profile: accept /)
  await expect(reply.getByText(/^The tool legacy_profile answered: “legacy_profile: accept /)).toBeVisible()
})

test('a tool with an MCP App shows the app in its tool part; an app-only tool is never offered to the model', async ({ page, stack }) => {
  await openAssistantUi(page, stack)
  const reply = await ask(page, "seat_map flight='LX 318' rows=8")
  const view = toolPart(reply, 'seat_map').frameLocator('iframe.mcp-elicit-app-frame').frameLocator('iframe')
  await expect(view.locator('#flight')).toHaveText('Flight LX 318')
  await expect(view.locator('#input')).toContainText('"rows":8')
  await expect(reply.getByText(/^The tool seat_map answered: /)).toBeVisible()
  // ui/message: the app's message joins the thread marked as the app's words, not the person's.
  await view.locator('[data-seat][data-state="free"]').first().click()
  await toolPart(reply, 'seat_map').locator('.mcp-elicit-app .mcp-elicit-form').getByRole('textbox', { name: /Passenger name/ }).fill('Ada')
  await toolPart(reply, 'seat_map').locator('.mcp-elicit-app .mcp-elicit-form').getByRole('button', { name: 'Accept' }).click()
  await expect(view.locator('#status')).toHaveText(/^Seat \w+ held for Ada\.$/)
  await view.getByRole('button', { name: 'Tell the assistant' }).click()
  await expect(page.locator('.aui-demo-message[data-role="user"]')).toHaveCount(1)
  await toolPart(reply, 'seat_map').locator('.mcp-elicit-app .mcp-elicit-app-message').getByRole('button', { name: 'Send' }).click()
  const said = page.locator('.aui-demo-message[data-role="user"]').last()
  await expect(said).toContainText(`The app from ${new URL(stack.demo.url).host} says: “I picked seat `)
  await expect(said).toContainText(' on LX 318 for Ada.”')
  await expect(page.locator('.aui-demo-message[data-role="assistant"]')).toHaveCount(2)
  // hold_seat is for the app alone (visibility ["app"]): the model cannot call it.
  const refused = await ask(page, 'hold_seat please')
  await expect(refused).toContainText('Name a tool and I will call it')
  await expect(refused.locator('.mcp-elicit-assistant-tool')).toHaveCount(0)
})

test.describe('in a runtime that runs tools (execute, human() and resume)', () => {
  test('the wizard’s three rounds come to the tool part as its interrupt and go back with resume', async ({ page, stack }) => {
    await openAssistantUi(page, stack, 'demo', 'execute')
    const before = wizardPosts(stack)
    const reply = await ask(page, 'Please book a trip with trip_wizard')
    const part = toolPart(reply, 'trip_wizard')
    await pickReykjavik(part)
    await part.getByRole('button', { name: 'Accept' }).click()
    await expect(part.getByText(/Step 3 of 3/)).toBeVisible()
    // The rounds are interrupts of the execute: the part never ran a call of its own.
    await expect(part.locator('section.mcp-elicit-call')).toHaveCount(0)
    await part.getByRole('button', { name: 'Accept' }).click()
    expect(await partResult(part)).toBe(BOOKED)
    await expect(reply.getByText(`The tool trip_wizard answered: “${BOOKED}”.`)).toBeVisible()
    // One call and its three retries: nothing ran the call twice.
    expect(wizardPosts(stack) - before).toBe(4)
  })

  test('a round of two questions goes back in one resume, with both answers', async ({ page, stack }) => {
    await openAssistantUi(page, stack, 'demo', 'execute')
    const reply = await ask(page, 'two_questions')
    const part = toolPart(reply, 'two_questions')
    await part.getByRole('textbox', { name: 'City' }).fill('Lyon')
    await part.locator('[data-key="first"]').getByRole('button', { name: 'Accept' }).click()
    await part.locator('[data-key="second"]').getByRole('button', { name: 'Decline' }).click()
    expect(await partResult(part)).toBe('two_questions: first=accept {"city":"Lyon"}; second=decline')
  })

  test('the thread’s Stop aborts the execute: the server gets the cancel, and the model hears it', async ({ page, stack }) => {
    await openAssistantUi(page, stack, 'demo', 'execute')
    const reply = await ask(page, 'slow_report seconds=20')
    const part = toolPart(reply, 'slow_report')
    await expect(part.getByRole('status')).toHaveText('Working…')
    // The part follows the execute's call: its progress, as in the local runtime.
    await expect(part.getByRole('progressbar')).toBeVisible()
    await expect(part.locator('.mcp-elicit-progress-text')).toContainText('of 20 s')
    await expect.poll(() => stack.demo.log.some((hit) => hit.method === 'POST' && hit.tool === 'slow_report')).toBe(true)
    await page.getByRole('form', { name: 'Composer' }).getByRole('button', { name: 'Stop' }).click()
    const report = await stack.demo.waitForReceived('slow_report', 5000)
    expect(report.data).toMatchObject({ seconds: 20, aborted: true })
    await expect(reply.getByText(/^The tool slow_report failed: /)).toBeVisible()
  })

  test('a reload in the middle of a round: the runtime does not run the restored call again, the tool part resumes its round', async ({ page, stack }) => {
    await openAssistantUi(page, stack, 'demo', 'execute')
    const reply = await ask(page, 'trip_wizard')
    const part = toolPart(reply, 'trip_wizard')
    await pickReykjavik(part)
    const before = wizardPosts(stack)
    await page.reload()
    const resumed = toolPart(page.locator('.aui-demo-message[data-role="assistant"]').last(), 'trip_wizard')
    await expect(resumed.getByText(/Step 2 of 3: when\? \(Reykjavík, Iceland, 2 travellers\)/)).toBeVisible()
    expect(wizardPosts(stack)).toBe(before)
    await resumed.getByRole('button', { name: 'Accept' }).click()
    await resumed.getByRole('button', { name: 'Accept' }).click()
    expect(await partResult(resumed)).toBe(BOOKED)
    await expect(page.getByText(`The tool trip_wizard answered: “${BOOKED}”.`)).toBeVisible()
    // The two answers after the reload, and no new first call.
    expect(wizardPosts(stack) - before).toBe(2)
  })
})

const clears = (stack: DemoStack) => stack.demo.log.filter((hit) => hit.method === 'POST' && hit.tool === 'clear_notes').length

for (const runtime of ['local', 'execute'] as const) {
  test(`a tool the server marks destructive waits for Run in the ${runtime} runtime: nothing reaches the server before the click`, async ({ page, stack }) => {
    await openAssistantUi(page, stack, 'demo', runtime)
    const before = clears(stack)
    const reply = await ask(page, 'clear_notes')
    const card = toolPart(reply, 'clear_notes').getByRole('group', { name: `Run Clear the notes on ${new URL(stack.demo.url).host}?` })
    await expect(card).toBeVisible()
    expect(clears(stack)).toBe(before)
    await card.getByRole('button', { name: 'Run', exact: true }).click()
    await expect(reply.getByText(/^The tool clear_notes answered: “clear_notes: \d+ notes? deleted”\.$/)).toBeVisible()
    expect(clears(stack)).toBe(before + 1)
  })

  test(`Don't run in the ${runtime} runtime: the model is told, and the server never sees the call`, async ({ page, stack }) => {
    await openAssistantUi(page, stack, 'demo', runtime)
    const before = clears(stack)
    const reply = await ask(page, 'clear_notes')
    await toolPart(reply, 'clear_notes').getByRole('button', { name: "Don't run" }).click()
    await expect(reply.getByText('The tool clear_notes failed: The person chose not to run this tool call..')).toBeVisible()
    expect(clears(stack)).toBe(before)
  })
}
