// @vitest-environment jsdom
/**
 * `<McpAssistantTools />` in a real assistant-ui thread (its local runtime,
 * the scripted stand-in model) against a real SDK server: the tools reach
 * the model under names it takes, the model's call runs in its tool part,
 * the server's questions are answered there, the result goes back to the
 * thread and the model's follow-up quotes it.
 */
import { Component, type ReactNode } from 'react'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { useAssistantTool } from '@assistant-ui/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { LocalThread, send } from '../../test/support/assistant-ui-threads.tsx'
import { createClient, type McpClient } from '../core/index'
import { McpProvider } from '../react/index'
import { McpAssistantTools } from './McpAssistantTools'
import type { McpToolMapping } from './toolkit'

let mcp: ModernServer
let client: McpClient

beforeAll(async () => {
  mcp = await startModernServer()
  client = createClient(mcp.url, { capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} } })
})
afterAll(async () => {
  await mcp.close()
})
afterEach(() => {
  cleanup()
  // The default call storage keeps each finished call under its toolCallId: a later test reusing an id would find its result.
  sessionStorage.clear()
})

/** What the model was offered at its last run. */
let offered: Record<string, { description?: string; parameters?: unknown }> = {}

/** A local-runtime thread (test/support/assistant-ui-threads.tsx) on the test server, recording what the model is offered. */
function Chat({ tools, onTools, reserved, children }: { tools?: Parameters<typeof McpAssistantTools>[0]['tools']; onTools?: (mapping: McpToolMapping) => void; reserved?: string[]; children?: ReactNode }) {
  return (
    <LocalThread client={client} tools={tools} onTools={onTools} reserved={reserved} onOffered={(given) => (offered = given)}>
      {children}
    </LocalThread>
  )
}

class Boundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error)
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}

describe('McpAssistantTools outside a runtime', () => {
  it('throws a typed error naming the missing API', () => {
    const caught: unknown[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      render(
        <Boundary onError={(error) => caught.push(error)}>
          <McpProvider client={client}>
            <McpAssistantTools tools={[]} />
          </McpProvider>
        </Boundary>,
      )
    } finally {
      spy.mockRestore()
    }
    expect(caught[0]).toMatchObject({ name: 'McpAssistantUiError', code: 'UNSUPPORTED_VERSION', api: 'useAui().modelContext.register', message: expect.stringMatching(/is an AssistantRuntimeProvider above\?/) })
  })
})

describe('McpAssistantTools in a local-runtime thread', () => {
  it('offers the listed tools to the model, runs its call in the tool part, and the follow-up quotes the result', async () => {
    let mapping: McpToolMapping | undefined
    render(<Chat onTools={(m) => (mapping = m)} />)
    // The first listing of the file: on a loaded machine it has taken over a second.
    await vi.waitFor(() => expect(mapping?.tools.some((entry) => entry.name === 'wizard')).toBe(true), { timeout: 10_000 })
    await send('please run wizard')
    expect(Object.keys(offered)).toContain('wizard')
    expect(offered.echo?.parameters).toMatchObject({ type: 'object', properties: { text: { type: 'string' } } })
    const part = (await screen.findByRole('group', { name: 'Pick a colour' })).closest<HTMLElement>('.mcp-elicit-assistant-tool')!
    expect(part.dataset.tool).toBe('wizard')
    await userEvent.selectOptions(within(part).getByRole('combobox', { name: /^Colour/ }), 'green')
    await userEvent.click(within(part).getByRole('button', { name: 'Accept' }))
    await within(part).findByRole('group', { name: 'Colour green. Now pick a size' })
    await userEvent.click(within(part).getByRole('button', { name: 'Accept' }))
    expect(await screen.findByText('The tool wizard answered: “{"color":"green","size":5}”.')).toBeTruthy()
    // One folded line with the result, opening to the whole of it.
    expect(part.querySelector('summary.mcp-elicit-folded-line')?.textContent).toBe('{"color":"green","size":5}')
  })

  it('takes a given listing instead of listing, mapping names the framework refuses and reporting what it skipped', async () => {
    let mapping: McpToolMapping | undefined
    const requests = mcp.requests.length
    const appOnly = { name: 'app_only', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://x/view.html', visibility: ['app'] } } }
    render(<Chat tools={[{ name: 'notes.search', inputSchema: { type: 'object' } }, { name: '__proto__', inputSchema: { type: 'object' } }, appOnly]} onTools={(m) => (mapping = m)} />)
    await vi.waitFor(() => expect(mapping).toBeDefined())
    expect(mapping!.renamed).toEqual([
      { name: 'notes.search', as: 'notes_search' },
      { name: '__proto__', as: 'tool___proto__' },
    ])
    expect(mapping!.skipped).toEqual([{ index: 2, name: 'app_only', reason: 'app-only' }])
    await send('hello')
    expect(Object.keys(offered)).toEqual(['notes_search', 'tool___proto__'])
    // Nothing was listed: the listing was given.
    expect(mcp.requests.slice(requests).some((r) => r.rpcMethod === 'tools/list')).toBe(false)
  })

  // assistant-ui throws "already exists" from inside the runtime on a second tool of one name: the thread would be gone.
  it("offers a server tool named like the app's own tool or another registration's with a suffix, and the thread goes on", async () => {
    let mapping: McpToolMapping | undefined
    let second: McpToolMapping | undefined
    const caught: unknown[] = []
    render(
      <Boundary onError={(error) => caught.push(error)}>
        <Chat onTools={(m) => (mapping = m)}>
          <McpAssistantTools tools={otherServer} validator={validator} onTools={(m) => (second = m)} />
          <OwnEcho />
        </Chat>
      </Boundary>,
    )
    // The app's tool registered after ours: ours moved aside, in the order the registrations mounted.
    await vi.waitFor(() => expect(mapping?.renamed).toContainEqual({ name: 'echo', as: 'echo_2' }))
    expect(second!.renamed).toEqual([{ name: 'echo', as: 'echo_3' }])
    await send('hello')
    expect(caught).toEqual([])
    expect(offered.echo?.description).toBe("The app's own echo")
    expect(Object.keys(offered)).toEqual(expect.arrayContaining(['echo', 'echo_2', 'echo_3', 'wizard']))
    await send('please run echo_2 text=hi')
    expect(await screen.findByText('The tool echo_2 answered: “hi”.')).toBeTruthy()
    expect(caught).toEqual([])
  })

  it('avoids the names the app reserves', async () => {
    let mapping: McpToolMapping | undefined
    render(<Chat tools={otherServer} reserved={['echo']} onTools={(m) => (mapping = m)} />)
    await vi.waitFor(() => expect(mapping?.renamed).toEqual([{ name: 'echo', as: 'echo_2' }]))
    await send('hello')
    expect(Object.keys(offered)).toEqual(['echo_2'])
  })
})

/** Another server's listing (given), with a tool named like one of the test server's. */
const otherServer = [{ name: 'echo', inputSchema: { type: 'object' as const } }]

/** The app's own frontend tool, named like a server tool. */
const ownEcho = { toolName: 'echo', type: 'frontend' as const, description: "The app's own echo", parameters: { type: 'object', properties: {} } as never, execute: async () => 'own echo' }
function OwnEcho() {
  useAssistantTool(ownEcho)
  return null
}
