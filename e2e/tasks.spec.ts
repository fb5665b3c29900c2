/**
 * Long-running tools and live updates in the demo, against the official-SDK
 * demo server: a tool call that becomes a task (tasks extension) shows its
 * progress and status, asks mid-task through the usual form, stops on the
 * server with Stop, and is found again after a reload; a live resource reads
 * again when the server says it changed, and the tool list follows the
 * server's list-changed notification.
 */
import { expect, resultOf, test } from './fixtures'
import type { DemoServer } from '../servers/demo-server.ts'

/** Requests the demo server got since `from` (an index into its log) with this JSON-RPC method (and tool). */
function count(demo: DemoServer, from: number, rpcMethod: string, tool?: string): number {
  return demo.log.slice(from).filter((hit) => hit.rpcMethod === rpcMethod && (tool === undefined || hit.tool === tool)).length
}

test('a long task shows progress and its status, asks mid-task through the form, and ends with its result', async ({ turn, stack }) => {
  const from = stack.demo.log.length
  // The question comes late (step 5 of 6): the running task, with its bar, is on screen for seconds before it.
  const call = await turn('long_task', { steps: 6, stepMs: 500, askAt: 5 })
  const task = call.locator('.mcp-elicit-task').first()
  await expect(task).toBeVisible()
  await expect(task.locator('.mcp-elicit-task-message')).toContainText(/Step \d of 6/)
  const bar = task.getByRole('progressbar')
  await expect(bar).toHaveAttribute('max', '6')

  // Halfway: the task asks; the question is the ordinary form, under a line saying a task asks it.
  const form = call.locator('.mcp-elicit-form')
  await expect(form).toBeVisible()
  await expect(call.locator('.mcp-elicit-task[data-compact="true"]')).toBeVisible()
  await form.getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(call)).toMatch(/^long_task: 6 steps done; confirm: accept \{"proceed":true/)
  // One tool call; the rest was polling and one tasks/update.
  expect(count(stack.demo, from, 'tools/call', 'long_task')).toBe(1)
  expect(count(stack.demo, from, 'tasks/update')).toBe(1)
  expect(count(stack.demo, from, 'tasks/get')).toBeGreaterThan(1)
})

test('Stop cancels the task on the server', async ({ turn, stack }) => {
  const from = stack.demo.log.length
  const call = await turn('long_task', { steps: 40, stepMs: 250, askAt: 0 })
  await expect(call.locator('.mcp-elicit-task-message')).toContainText(/Step \d+ of 40/)
  await call.getByRole('button', { name: 'Stop' }).click()
  await expect(call.locator('.mcp-elicit-call')).toHaveAttribute('data-state', 'cancelled')
  await expect.poll(() => count(stack.demo, from, 'tasks/cancel')).toBe(1)
  await expect.poll(() => stack.demo.received.some((entry) => entry.tool === 'long_task' && JSON.stringify(entry).includes('cancelled'))).toBe(true)
})

test('a reload resumes polling the same task, and its question is answered after it', async ({ page, turn, stack }) => {
  const from = stack.demo.log.length
  const call = await turn('long_task', { steps: 6, stepMs: 300, askAt: 4 })
  await expect(call.locator('.mcp-elicit-task-message')).toContainText(/Step \d of 6/)
  await page.reload()
  const again = page.locator('article.demo-turn').first()
  await expect(again.locator('.mcp-elicit-task').first()).toBeVisible()
  const form = again.locator('.mcp-elicit-form')
  await expect(form).toBeVisible()
  await form.getByRole('button', { name: 'Accept' }).click()
  expect(await resultOf(again)).toMatch(/^long_task: 6 steps done/)
  // The task was created once: the reloaded page polled the task it had, it did not call the tool again.
  expect(count(stack.demo, from, 'tools/call', 'long_task')).toBe(1)
})

test('a live resource reads again when the server updates it, and the tool list follows list changes', async ({ page, turn }) => {
  const index = await page.locator('article.demo-turn').count()
  await page.getByRole('button', { name: 'Read demo://notes' }).click()
  const notes = page.locator('article.demo-turn').nth(index)
  await expect(notes.locator('.demo-result')).toBeVisible()
  await expect(notes.locator('.demo-result')).not.toContainText('from the e2e test')

  const added = await turn('add_note', { text: 'from the e2e test' })
  await expect(added.locator('.mcp-elicit-result-content')).toBeVisible()
  // No click on the notes turn: the update notification made it read again (the turn may be folded by now).
  await expect(notes.locator('.demo-result')).toContainText('from the e2e test')

  const picker = page.getByRole('combobox', { name: 'Tool', exact: true })
  const bonus = picker.locator('option[value="bonus_tool"]')
  const had = await bonus.count()
  await turn('toggle_bonus_tool', {})
  await expect(bonus).toHaveCount(had === 0 ? 1 : 0)
})
