// @vitest-environment jsdom
/**
 * What `<McpApp>` hands the host as the call and the page change: the
 * view's `tool-input` (the spec: a view always gets one, `{}` for a call
 * without arguments, and only once), and the `hostContext` prop, whose
 * changes reach the view and whose removed keys go back to the page's own
 * values. The host is recorded, not run: mount.test.ts and the bridge's
 * tests run it; e2e/ext-apps.spec.ts shows ext-apps' own apps receiving both.
 */
import { cleanup, render, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient, type Tool } from '../../core/index.js'
import { McpProvider } from '../../react/index.js'
import type { McpAppHandle, McpAppOptions } from '../mount.js'
import { McpAppsProvider, type McpAppsProviderProps } from './McpAppsProvider.js'
import { McpApp } from './McpApp.js'

interface Recorded {
  options: McpAppOptions
  calls: Array<[string, unknown]>
}
const mounted: Recorded[] = []

vi.mock('../mount', () => ({
  mountMcpApp: (_element: HTMLElement, options: McpAppOptions): McpAppHandle => {
    const record: Recorded = { options, calls: [] }
    mounted.push(record)
    const note = (name: string) => (value?: unknown) => void record.calls.push([name, value])
    return {
      frame: document.createElement('iframe'),
      ready: Promise.resolve(),
      setToolInput: note('tool-input'),
      setToolInputPartial: note('tool-input-partial'),
      setToolResult: note('tool-result'),
      cancelTool: note('tool-cancelled'),
      setHostContext: note('host-context'),
      elicit: async () => ({ action: 'decline' }),
      teardown: async () => {},
    }
  },
}))

afterEach(() => {
  cleanup()
  mounted.length = 0
})

const tool: Tool = { name: 'get-time', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://get-time/mcp-app.html' } } }
const client = createClient('https://tools.example.com/mcp')

function page(host: Partial<McpAppsProviderProps>, children: ReactNode) {
  return (
    <McpProvider client={client}>
      <McpAppsProvider sandbox="https://sandbox.example-cdn.com/sandbox.html" {...host}>
        {children}
      </McpAppsProvider>
    </McpProvider>
  )
}

describe('<McpApp> tool-input', () => {
  it('sends {} for a call without arguments, once, however often the call renders', async () => {
    const view = render(page({}, <McpApp tool={tool} />))
    await waitFor(() => expect(mounted).toHaveLength(1))
    expect(mounted[0]!.options.toolInput).toStrictEqual({})
    const result = { content: [{ type: 'text' as const, text: '12:00' }] }
    view.rerender(page({}, <McpApp tool={tool} result={result} />))
    view.rerender(page({}, <McpApp tool={tool} result={result} />))
    await waitFor(() => expect(mounted[0]!.calls).toStrictEqual([['tool-result', result]]))
  })
})

describe('<McpApp> hostContext', () => {
  it('a change of the prop reaches the view; a key no longer set is released back to the page', async () => {
    const view = render(page({}, <McpApp tool={tool} />))
    await waitFor(() => expect(mounted).toHaveLength(1))
    view.rerender(page({ hostContext: { theme: 'dark' } }, <McpApp tool={tool} />))
    await waitFor(() => expect(mounted[0]!.calls).toStrictEqual([['host-context', { theme: 'dark' }]]))
    // The same context in a new object (an inline prop): handed on again, and the bridge's diff sends the view nothing.
    view.rerender(page({ hostContext: { theme: 'dark' } }, <McpApp tool={tool} />))
    view.rerender(page({ hostContext: { locale: 'fr-FR' } }, <McpApp tool={tool} />))
    view.rerender(page({}, <McpApp tool={tool} />))
    await waitFor(() =>
      expect(mounted[0]!.calls).toStrictEqual([
        ['host-context', { theme: 'dark' }],
        ['host-context', { theme: 'dark' }],
        ['host-context', { theme: undefined, locale: 'fr-FR' }],
        ['host-context', { locale: undefined }],
      ]),
    )
    expect(mounted).toHaveLength(1)
  })
})
