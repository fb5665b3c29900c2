// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../servers/demo-server.ts'
import { TASKS_EXTENSION, createClient, type McpClient, type McpResult } from '../core/index'
import { McpProvider, useMcpList, useMcpResource, useMcpTool } from './index'

let demo: DemoServer
beforeAll(async () => {
  demo = await startDemoServer()
})
afterAll(async () => {
  await demo.close()
})
afterEach(() => cleanup())

const wrapper = (client: McpClient) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <McpProvider client={client}>{children}</McpProvider>
  }
const textOf = (result: McpResult | undefined) => ((result?.contents as Array<{ text?: string }> | undefined)?.[0]?.text ?? '')
const hits = (from: number, rpcMethod: string) => demo.log.slice(from).filter((hit) => hit.rpcMethod === rpcMethod).length

describe('useMcpResource live', () => {
  it('reads again when the server says the resource changed, keeping the last read meanwhile', async () => {
    const client = createClient(demo.url, { onWarning: () => {} })
    const { result } = renderHook(() => useMcpResource('demo://notes', { live: true }), { wrapper: wrapper(client) })
    await act(async () => {
      await result.current.call()
    })
    expect(textOf(result.current.lastRead)).not.toContain('live from react')
    const writer = createClient(demo.url, { onWarning: () => {} })
    await writer.callTool('add_note', { text: 'live from react' })
    await waitFor(() => expect(textOf(result.current.lastRead)).toContain('live from react'))
    expect(result.current.status).toBe('done')
    await Promise.all([client.close(), writer.close()])
  })

  it('without live, an update changes nothing', async () => {
    const from = demo.log.length
    const client = createClient(demo.url, { onWarning: () => {} })
    const { result } = renderHook(() => useMcpResource('demo://notes'), { wrapper: wrapper(client) })
    await act(async () => {
      await result.current.call()
    })
    await createClient(demo.url, { onWarning: () => {} }).callTool('add_note', { text: 'unheard' })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(hits(from, 'subscriptions/listen')).toBe(0)
    expect(textOf(result.current.lastRead)).not.toContain('unheard')
    await client.close()
  })
})

describe('useMcpTool with a task', () => {
  it('shows the task, and unmounting lets it run on instead of cancelling it', async () => {
    const from = demo.log.length
    const client = createClient(demo.url, { capabilities: { extensions: { [TASKS_EXTENSION]: {} } }, onWarning: () => {} })
    const { result, unmount } = renderHook(() => useMcpTool('long_task'), { wrapper: wrapper(client) })
    act(() => void result.current.call({ steps: 30, stepMs: 50, askAt: 0 }))
    await waitFor(() => expect(result.current.status === 'running' && result.current.task?.statusMessage).toMatch(/^Step \d+ of 30$/))
    unmount()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(hits(from, 'tasks/cancel')).toBe(0)
    await client.close()
  })
})

describe('useMcpList', () => {
  it('lists the tools and lists again when the server says the list changed', async () => {
    const client = createClient(demo.url, { onWarning: () => {} })
    const { result } = renderHook(() => useMcpList('tools'), { wrapper: wrapper(client) })
    await waitFor(() => expect(result.current.isLoading).toBe(false))
    const had = result.current.items.some((tool) => tool.name === 'bonus_tool')
    await createClient(demo.url, { onWarning: () => {} }).callTool('toggle_bonus_tool')
    await waitFor(() => expect(result.current.items.some((tool) => tool.name === 'bonus_tool')).toBe(!had))
    expect(result.current.error).toBeUndefined()
    await client.close()
  })
})
