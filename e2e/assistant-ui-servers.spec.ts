/**
 * The demo's front page: one assistant-ui chat with three real servers at
 * once (the 2026-07-28 demo server, the 2025-11-25 legacy server, the
 * protected server behind its own authorization server), through
 * `<McpAssistantServerTools servers={set} />`, the scripted model choosing
 * among their tools by their `<server>__<tool>` names.
 */
import type { Locator, Page } from '@playwright/test'
import type { DemoStack } from '../demo/stack.ts'
import { startLegacyDemoServer } from '../servers/legacy-demo-server.ts'
import { ask, partResult } from './assistant-ui-helpers'
import { expect, test } from './fixtures'
import { logIn } from './sign-in-helpers'

test.use({ demoPage: false })

const bar = (page: Page) => page.getByRole('list', { name: 'Servers in this chat' })
const serverLine = (page: Page, id: string) => bar(page).locator(`[data-server="${id}"]`)

/** Opens the chat and waits until the two open servers are listed (the protected one waits for a sign-in). */
async function openChat(page: Page, stack: DemoStack): Promise<void> {
  await page.goto(stack.pageUrl)
  await expect(serverLine(page, 'demo')).toHaveAttribute('data-status', 'ready')
  await expect(serverLine(page, 'legacy')).toHaveAttribute('data-status', 'ready')
  await expect(serverLine(page, 'protected')).toHaveAttribute('data-status', 'signed-out')
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEditable()
}

/** The tool part of MCP tool `tool` of server `server` in a reply. */
const partOf = (reply: Locator, server: string, tool: string) => reply.locator(`.mcp-elicit-assistant-tool[data-server="${server}"][data-tool="${tool}"]`)

/**
 * The first input of `tool` a server received from now on: the worker's demo
 * stack serves the other specs' tests too, so what it received before does not count.
 */
function receivedFrom(server: { received: Array<{ tool: string; data: unknown }> }) {
  const start = server.received.length
  const since = (tool: string) => server.received.slice(start).filter((entry) => entry.tool === tool)
  return {
    since,
    async first(tool: string): Promise<{ tool: string; data: unknown }> {
      await expect.poll(() => since(tool).length, { timeout: 10_000 }).toBeGreaterThan(0)
      return since(tool)[0]!
    },
  }
}

test('a tool name two servers share: each call reaches its own server, headed by its name, each app on its own server\u2019s sandbox, side by side', async ({ page, stack }) => {
  const demoGot = receivedFrom(stack.demo)
  const legacyGot = receivedFrom(stack.legacy)
  await openChat(page, stack)
  // Named without a server, the shared tool gets a question back, naming both.
  const unsure = await ask(page, 'show me a seat_map')
  await expect(unsure).toContainText('Several servers have seat_map: demo__seat_map (Demo server), legacy__seat_map (Legacy server). Say which server.')

  const onDemo = await ask(page, "seat_map on the demo server flight='LX 318' rows=6")
  const demoPart = partOf(onDemo, 'demo', 'seat_map')
  await expect(demoPart).toHaveAccessibleName(/ · Demo server$/)
  await expect(onDemo.getByText(/^The tool demo__seat_map answered: “seat_map: LX 318, 6 rows/)).toBeVisible()
  expect((await demoGot.first('seat_map')).data).toMatchObject({ flight: 'LX 318', rows: 6 })

  const onLegacy = await ask(page, "seat_map on the legacy server flight='LX 319' rows=4")
  const legacyPart = partOf(onLegacy, 'legacy', 'seat_map')
  await expect(legacyPart).toHaveAccessibleName(/ · Legacy server$/)
  await expect(onLegacy.getByText(/^The tool legacy__seat_map answered: “seat_map: LX 319, 4 rows/)).toBeVisible()
  expect((await legacyGot.first('seat_map')).data).toMatchObject({ flight: 'LX 319', rows: 4 })
  // Each server got its own call only.
  expect(demoGot.since('seat_map').map((entry) => (entry.data as { flight: string }).flight)).toEqual(['LX 318'])
  expect(legacyGot.since('seat_map').map((entry) => (entry.data as { flight: string }).flight)).toEqual(['LX 319'])

  // Both apps side by side, each in a frame of its own server's sandbox host, each drawing its own flight.
  const sandboxOf = (id: string) => new URL(stack.config.servers.find((server) => server.id === id)!.sandboxUrl!).origin
  const demoFrame = demoPart.locator('iframe.mcp-elicit-app-frame')
  const legacyFrame = legacyPart.locator('iframe.mcp-elicit-app-frame')
  expect(new URL((await demoFrame.getAttribute('src'))!).origin).toBe(sandboxOf('demo'))
  expect(new URL((await legacyFrame.getAttribute('src'))!).origin).toBe(sandboxOf('legacy'))
  expect(sandboxOf('demo')).not.toBe(sandboxOf('legacy'))
  await expect(demoPart.frameLocator('iframe.mcp-elicit-app-frame').frameLocator('iframe').locator('#flight')).toHaveText('Flight LX 318')
  await expect(legacyPart.frameLocator('iframe.mcp-elicit-app-frame').frameLocator('iframe').locator('#flight')).toHaveText('Flight LX 319')
})

test('a sign-in needed by one server while the others keep working; its tools join the chat once signed in', async ({ page, stack }) => {
  await openChat(page, stack)
  // Not signed in: the model is not offered its tools and says why.
  const before = await ask(page, 'whoami')
  await expect(before).toContainText('The tools of the MCP server “Protected server” (protected) are not offered now: the person is not signed in to it')
  const [popup] = await Promise.all([page.waitForEvent('popup'), serverLine(page, 'protected').getByRole('button', { name: 'Sign in to Protected server' }).click()])
  // While the sign-in window waits, the other two servers answer.
  const crunch = await ask(page, 'crunch_numbers steps=2')
  await expect(crunch.getByText(/^The tool demo__crunch_numbers answered: /)).toBeVisible()
  const legacy = await ask(page, 'legacy_profile')
  const form = partOf(legacy, 'legacy', 'legacy_profile').locator('.mcp-elicit-form')
  await form.getByRole('button', { name: 'Accept' }).click()
  await expect(legacy.getByText(/^The tool legacy__legacy_profile answered: “legacy_profile: accept /)).toBeVisible()
  await logIn(popup)
  await expect(serverLine(page, 'protected')).toHaveAttribute('data-status', 'ready')
  const after = await ask(page, 'whoami')
  const part = partOf(after, 'protected', 'whoami')
  await expect(part).toHaveAccessibleName('Who am I · Protected server')
  expect(await partResult(part)).toContain('ada')
  await expect(after.getByText(/^The tool protected__whoami answered: /)).toBeVisible()
})

test('an older server\u2019s call with a roots request in the middle: approved in its part, and its progress after', async ({ page, stack }) => {
  const legacyGot = receivedFrom(stack.legacy)
  await openChat(page, stack)
  const reply = await ask(page, 'legacy_scan seconds=4')
  const part = partOf(reply, 'legacy', 'legacy_scan')
  await expect(part).toHaveAccessibleName(/ · Legacy server$/)
  await expect(part.getByText('The server asks which folders it may use')).toBeVisible()
  await part.getByRole('button', { name: 'Approve' }).click()
  // The call's progress shows again once the roots are answered.
  await expect(part.getByText(/Scanned \d of 4 s/)).toBeVisible()
  await expect(reply.getByText('The tool legacy__legacy_scan answered: “legacy_scan: scanned file:///home/demo/project in 4 s”.')).toBeVisible()
  expect((await legacyGot.first('legacy_scan')).data).toMatchObject({ roots: ['file:///home/demo/project'], aborted: false })
})

test('a reload in the middle of a round resumes on the right server, the model\u2019s listing intact', async ({ page, stack }) => {
  const demoGot = receivedFrom(stack.demo)
  await openChat(page, stack)
  const reply = await ask(page, 'run trip_wizard')
  const part = partOf(reply, 'demo', 'trip_wizard')
  await part.getByRole('spinbutton', { name: 'Travellers' }).fill('3')
  await part.getByRole('button', { name: 'Accept' }).click()
  await expect(part.getByText(/Step 2 of 3/)).toBeVisible()
  await page.reload()
  // The open part is routed to its server again, at the step it was at.
  const resumed = partOf(page.locator('.aui-demo-message[data-role="assistant"]').last(), 'demo', 'trip_wizard')
  await expect(resumed).toHaveAccessibleName(/ · Demo server$/)
  await expect(resumed.getByText(/Step 2 of 3/)).toBeVisible()
  await resumed.getByRole('button', { name: 'Accept' }).click()
  await expect(resumed.getByText(/Step 3 of 3/)).toBeVisible()
  await resumed.getByRole('button', { name: 'Accept' }).click()
  const last = page.locator('.aui-demo-message[data-role="assistant"]').last()
  await expect(last.getByText(/^The tool demo__trip_wizard answered: /)).toBeVisible()
  expect((await demoGot.first('trip_wizard')).data).toMatchObject({ travellers: 3 })
  // The model is still offered the other servers' tools under the same names.
  const legacy = await ask(page, 'legacy_profile')
  await expect(partOf(legacy, 'legacy', 'legacy_profile').locator('.mcp-elicit-form')).toBeVisible()
})

test('a server stopped mid-conversation and started again: its old parts stay, the model hears it is down, its tools come back', async ({ page, stack }) => {
  await openChat(page, stack)
  const first = await ask(page, 'legacy_profile')
  await partOf(first, 'legacy', 'legacy_profile').locator('.mcp-elicit-form').getByRole('button', { name: 'Accept' }).click()
  await expect(first.getByText(/^The tool legacy__legacy_profile answered: “legacy_profile: accept /)).toBeVisible()

  const port = Number(new URL(stack.legacy.url).port)
  await stack.legacy.close()
  await page.reload()
  await expect(serverLine(page, 'legacy')).toHaveAttribute('data-status', 'unreachable')
  // The old part still shows its result, under its server's name.
  await expect(partOf(page.locator('.aui-demo-message[data-role="assistant"]').first(), 'legacy', 'legacy_profile')).toHaveAccessibleName(/ · Legacy server$/)
  const down = await ask(page, 'legacy_profile')
  await expect(down).toContainText('The tools of the MCP server “Legacy server” (legacy) are not offered now: it could not be reached.')
  // The demo server goes on meanwhile.
  const crunch = await ask(page, 'crunch_numbers steps=1')
  await expect(crunch.getByText(/^The tool demo__crunch_numbers answered: /)).toBeVisible()

  const again = await startLegacyDemoServer({ host: '127.0.0.1', port })
  // The stack's other tests find the legacy server where it was.
  const close = stack.close
  stack.legacy = again
  stack.close = async () => {
    await close()
    await again.close()
  }
  await serverLine(page, 'legacy').getByRole('button', { name: 'Try Legacy server again' }).click()
  await expect(serverLine(page, 'legacy')).toHaveAttribute('data-status', 'ready')
  const back = await ask(page, 'legacy_profile')
  await partOf(back, 'legacy', 'legacy_profile').locator('.mcp-elicit-form').getByRole('button', { name: 'Accept' }).click()
  await expect(back.getByText(/^The tool legacy__legacy_profile answered: “legacy_profile: accept /)).toBeVisible()
  expect((await again.waitForReceived('legacy_profile', 10_000)).data).toMatchObject({ action: 'accept' })
})
