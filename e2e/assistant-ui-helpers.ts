/** The assistant-ui page: open it on a server, send a message, find the model's reply and its MCP tool parts. */
import type { Locator, Page } from '@playwright/test'
import type { DemoStack } from '../demo/stack.ts'
import { expect } from './fixtures'

/** Opens the page on `server`, in the local runtime or in one that runs tools (`execute`). */
export async function openAssistantUi(page: Page, stack: DemoStack, server = 'demo', runtime: 'local' | 'execute' = 'local'): Promise<void> {
  await page.goto(`${stack.pageUrl}assistant-ui.html`)
  await page.getByRole('combobox', { name: 'Server' }).selectOption(server)
  await page.getByRole('combobox', { name: 'Runtime' }).selectOption(runtime)
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEditable()
}

/** Sends `text` and returns the model's reply to it (the last assistant message). */
export async function ask(page: Page, text: string): Promise<Locator> {
  const replies = page.locator('.aui-demo-message[data-role="assistant"]')
  const before = await replies.count()
  await page.getByRole('textbox', { name: 'Message' }).fill(text)
  await page.getByRole('button', { name: 'Send' }).click()
  const reply = replies.nth(before)
  await expect(reply).toBeVisible()
  return reply
}

/** The MCP tool part of `tool` in a reply. */
export const toolPart = (reply: Locator, tool: string) => reply.locator(`.mcp-elicit-assistant-tool[data-tool="${tool}"]`)

/** A settled call's folded line in a tool part: its result's first line. */
export async function partResult(part: Locator): Promise<string> {
  const line = part.locator('summary.mcp-elicit-folded-line')
  await expect(line).toBeVisible()
  return (await line.innerText()).trim()
}
