import { describe, expect, it } from 'vitest'
import { result, scriptedFetch } from '../../test/support/scripted-fetch'
import { createClient } from './client'
import { McpUnsupportedResultError } from './errors'
import { TASKS_EXTENSION } from './types'

const url = 'http://127.0.0.1:9/mcp-tasks'
const capabilities = { extensions: { [TASKS_EXTENSION]: {} } }
const created = { resultType: 'task', taskId: 'task/é 1', status: 'working', ttlMs: null, pollIntervalMs: 0 }
const completed = { resultType: 'complete', taskId: 'task/é 1', status: 'completed', statusMessage: { not: 'text' }, result: { content: [] } }

describe('tasks on the wire', () => {
  it('polls with Mcp-Name naming the task (encoded like any header value) and the extension in every request', async () => {
    const { fetch, requests } = scriptedFetch([result(created), result(completed)])
    const seen: unknown[] = []
    const client = createClient(url, { fetch, protocolVersion: '2026-07-28', capabilities, limits: { minPollMs: 1 } })
    await expect(client.callTool('t', {}, { onEvent: (e) => e.type === 'task' && seen.push(e.task.statusMessage) })).resolves.toEqual({ content: [] })
    const poll = requests[1]!
    expect(poll.body.method).toBe('tasks/get')
    expect(poll.body.params.taskId).toBe('task/é 1')
    expect(poll.headers.get('mcp-method')).toBe('tasks/get')
    expect(poll.headers.get('mcp-name')).toMatch(/^=\?base64\?.+\?=$/)
    expect(poll.body.params._meta['io.modelcontextprotocol/clientCapabilities']).toEqual(capabilities)
    // A status message that is not text is not shown at all.
    expect(seen).toEqual([undefined, undefined])
  })

  it('takes a task only for a tool call of a client that declared the extension', async () => {
    const undeclared = scriptedFetch([result(created)])
    await expect(createClient(url, { fetch: undeclared.fetch, protocolVersion: '2026-07-28' }).callTool('t')).rejects.toBeInstanceOf(McpUnsupportedResultError)
    const prompt = scriptedFetch([result(created)])
    await expect(createClient(url, { fetch: prompt.fetch, protocolVersion: '2026-07-28', capabilities }).getPrompt('p')).rejects.toBeInstanceOf(McpUnsupportedResultError)
    // Neither polled a task it was never entitled to.
    expect([...undeclared.requests, ...prompt.requests].some((r) => String(r.body.method).startsWith('tasks/'))).toBe(false)
  })
})
