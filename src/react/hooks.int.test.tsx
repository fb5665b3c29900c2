// @vitest-environment jsdom
import { StrictMode, useState, type ReactNode } from 'react'
import { act, cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startModernServer, type ModernServer, type RecordedRequest } from '../../servers/modern-server.ts'
import { fakeSignInStore, openedSignIn, pendingSignIn, waitingSignIn, type FakeSignInStore } from '../../stories/fake-sign-in-store'
import { createClient, endpointKey, sessionCallStorage, type CallState, type InputResponse, type McpClient, type McpResult, type PendingInput, type CallStorage } from '../core/index'
import { loadSignInKit } from './call-auth'
import { McpProvider, useMcpPrompt, useMcpResource, useMcpTool, type McpCallResult, type McpCallStatus, type McpCallView, type UseMcpCallOptions } from './index'

let server: ModernServer
let client: McpClient

beforeAll(async () => {
  server = await startModernServer()
})
afterAll(async () => {
  await server.close()
})
afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

function newClient(): McpClient {
  return createClient(server.url, { capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} } })
}

/** The `tools/call` requests the server got for `name` whose params satisfy `match`. */
function toolCalls(name: string, match: (params: Record<string, any>) => boolean = () => true): RecordedRequest[] {
  return server.requests.filter((r) => {
    const params = (r.body as { params?: Record<string, any> } | undefined)?.params
    return r.rpcMethod === 'tools/call' && params?.name === name && match(params)
  })
}

function receivedBy(tool: string, match: (data: any) => boolean) {
  return server.received.find((entry) => entry.tool === tool && match(entry.data))
}

/** The text a tool, prompt or resource result carries. */
function resultText(result: McpResult): string {
  const r = result as { content?: Array<{ text?: string }>; messages?: Array<{ content: { text?: string } }>; contents?: Array<{ text?: string }> }
  return r.content?.[0]?.text ?? r.messages?.[0]?.content.text ?? r.contents?.[0]?.text ?? ''
}

type Property = { type: string; title?: string; enum?: string[] }

/** One elicitation rendered as a form: the message, one control per property, Send / Decline / Dismiss. */
function Question({ input, answer }: { input: PendingInput; answer: (response: InputResponse) => void }) {
  const message = String(input.params.message)
  const properties = (input.params.requestedSchema as { properties: Record<string, Property> }).properties
  const [content, setContent] = useState<Record<string, unknown>>({})
  const set = (name: string, value: unknown) => setContent((old) => ({ ...old, [name]: value }))
  return (
    <form
      aria-label={message}
      onSubmit={(event) => {
        event.preventDefault()
        answer({ action: 'accept', content })
      }}
    >
      <p>{message}</p>
      {Object.entries(properties).map(([name, property]) => (
        <label key={name}>
          {property.title ?? name}
          {property.enum ? (
            <select defaultValue="" onChange={(e) => set(name, e.target.value)}>
              <option value="" disabled>
                choose
              </option>
              {property.enum.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          ) : property.type === 'boolean' ? (
            <input type="checkbox" onChange={(e) => set(name, e.target.checked)} />
          ) : property.type === 'integer' ? (
            <input type="number" onChange={(e) => set(name, Number(e.target.value))} />
          ) : (
            <input type="text" onChange={(e) => set(name, e.target.value)} />
          )}
        </label>
      ))}
      <button type="submit">Send</button>
      <button type="button" onClick={() => answer({ action: 'decline' })}>
        Decline
      </button>
    </form>
  )
}

/** A call as a UI: its status, a Run button, the open questions, the result. */
function CallView({ call, run, label }: { call: McpCallResult<any>; run: () => void; label: string }) {
  return (
    <section aria-label={label}>
      <p role="status" aria-label="call status">
        {call.status}
      </p>
      <button onClick={run}>Run</button>
      <button onClick={() => call.cancel()}>Cancel</button>
      {call.status === 'awaiting_input' &&
        call.inputs
          .filter((input) => !input.answered)
          .map((input) => (
            <div key={input.key}>
              <Question input={input} answer={(response) => call.respond(input.key, response)} />
              <button onClick={() => call.decline(input.key)}>Decline {input.key}</button>
              <button onClick={() => call.cancelInput(input.key)}>Dismiss {input.key}</button>
            </div>
          ))}
      {call.status === 'done' && <output aria-label="result">{resultText(call.result)}</output>}
      {call.status === 'error' && <p role="alert">{call.error.message}</p>}
    </section>
  )
}

function Tool({ name, args, options }: { name: string; args?: Record<string, unknown>; options?: UseMcpCallOptions }) {
  const tool = useMcpTool(name, options)
  return <CallView call={tool} run={() => void tool.call(args)} label={name} />
}

function Prompt({ name }: { name: string }) {
  const prompt = useMcpPrompt(name)
  return <CallView call={prompt} run={() => void prompt.call()} label={name} />
}

function Resource({ uri }: { uri: string }) {
  const resource = useMcpResource(uri)
  return <CallView call={resource} run={() => void resource.call()} label={uri} />
}

function withProvider(node: ReactNode, c: McpClient, strict = false) {
  const tree = <McpProvider client={c}>{node}</McpProvider>
  return strict ? <StrictMode>{tree}</StrictMode> : tree
}

const status = (root: HTMLElement | typeof screen = screen) => (root as typeof screen).getByRole('status', { name: 'call status' }).textContent

describe('useMcpTool', () => {
  beforeAll(() => {
    client = newClient()
  })

  it('renders the pending request and answers it through respond', async () => {
    const user = userEvent.setup()
    render(withProvider(<Tool name="ask_name" />, client))
    expect(status()).toBe('idle')
    await user.click(screen.getByRole('button', { name: 'Run' }))
    const form = await screen.findByRole('form', { name: 'What is your name?' })
    expect(status()).toBe('awaiting_input')
    expect(within(form).getByText('What is your name?')).toBeTruthy()
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Ada')
    await user.click(within(form).getByRole('button', { name: 'Send' }))
    expect((await screen.findByRole('status', { name: 'result' })).textContent).toBe('hello Ada')
    expect(status()).toBe('done')
    expect(receivedBy('ask_name', (d) => d.content?.name === 'Ada')?.data).toEqual({ action: 'accept', content: { name: 'Ada' } })
  })

  it('decline and cancelInput reach the tool, two questions in one round', async () => {
    const user = userEvent.setup()
    render(withProvider(<Tool name="two_questions" />, client))
    await user.click(screen.getByRole('button', { name: 'Run' }))
    await screen.findByRole('form', { name: 'First question: your city?' })
    expect(screen.getByRole('form', { name: 'Second question: subscribe?' })).toBeTruthy()
    // Out of order: the second first.
    await user.click(screen.getByRole('button', { name: 'Dismiss second' }))
    expect(status()).toBe('awaiting_input')
    await user.click(screen.getByRole('button', { name: 'Decline first' }))
    const result = await screen.findByRole('status', { name: 'result' })
    expect(JSON.parse(result.textContent!)).toEqual({ first: { action: 'decline' }, second: { action: 'cancel' } })
  })

  it('StrictMode: one tools/call per call(), nothing cancelled by the double effects', async () => {
    const user = userEvent.setup()
    const text = `strict-${Math.random()}`
    render(withProvider(<Tool name="echo" args={{ text }} />, client, true))
    await user.click(screen.getByRole('button', { name: 'Run' }))
    expect((await screen.findByRole('status', { name: 'result' })).textContent).toBe(text)
    expect(toolCalls('echo', (p) => p.arguments?.text === text)).toHaveLength(1)

    // A question round under StrictMode: the first request and exactly one retry.
    const before = toolCalls('ask_name').length
    render(withProvider(<Tool name="ask_name" />, client, true), { container: document.body.appendChild(document.createElement('div')) })
    const view = screen.getByRole('region', { name: 'ask_name' })
    await user.click(within(view).getByRole('button', { name: 'Run' }))
    const form = await within(view).findByRole('form', { name: 'What is your name?' })
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Strict')
    await user.click(within(form).getByRole('button', { name: 'Send' }))
    expect((await within(view).findByRole('status', { name: 'result' })).textContent).toBe('hello Strict')
    expect(toolCalls('ask_name').length - before).toBe(2)
  })

  it('unmount during a call aborts it (StrictMode too)', async () => {
    const user = userEvent.setup()
    const ms = 4321
    const { unmount } = render(withProvider(<Tool name="slow" args={{ ms }} />, client, true))
    await user.click(screen.getByRole('button', { name: 'Run' }))
    await waitFor(() => expect(toolCalls('slow', (p) => p.arguments?.ms === ms)).toHaveLength(1))
    expect(status()).toBe('running')
    unmount()
    await waitFor(() => expect(receivedBy('slow', (d) => d.ms === ms)).toBeDefined(), { timeout: 3000 })
    const entry = receivedBy('slow', (d) => d.ms === ms)!.data as { aborted: boolean; elapsedMs: number }
    expect(entry.aborted).toBe(true)
    expect(entry.elapsedMs).toBeLessThan(ms)
  })

  it('a call replacing a call: the first ends cancelled, the second completes', async () => {
    const wrapper = ({ children }: { children: ReactNode }) => withProvider(children, client, true)
    const { result } = renderHook(() => useMcpTool<{ ms: number }>('slow'), { wrapper })
    let first!: Promise<CallState>
    let second!: Promise<CallState>
    act(() => {
      first = result.current.call({ ms: 3210 })
    })
    await waitFor(() => expect(toolCalls('slow', (p) => p.arguments?.ms === 3210)).toHaveLength(1))
    act(() => {
      second = result.current.call({ ms: 25 })
    })
    const ended = await first
    expect(ended.status).toBe('cancelled')
    expect(ended.status === 'cancelled' && ended.request.params).toEqual({ name: 'slow', arguments: { ms: 3210 } })
    const done = await second
    expect(done.status === 'done' && resultText(done.result)).toBe('waited 25ms')
    await waitFor(() => expect(result.current.status).toBe('done'))
    expect(result.current.isDone).toBe(true)
    await waitFor(() => expect(receivedBy('slow', (d) => d.ms === 3210)).toBeDefined(), { timeout: 3000 })
    expect(receivedBy('slow', (d) => d.ms === 3210)!.data).toMatchObject({ aborted: true })
    act(() => result.current.reset())
    expect(result.current.status).toBe('idle')
  })

  it('a new client from the provider gets a new observer; the old call is aborted', async () => {
    let current = newClient()
    const wrapper = ({ children }: { children: ReactNode }) => withProvider(children, current, true)
    const { result, rerender } = renderHook(() => useMcpTool<{ ms: number }>('slow'), { wrapper })
    let first!: Promise<CallState>
    act(() => {
      first = result.current.call({ ms: 2345 })
    })
    await waitFor(() => expect(toolCalls('slow', (p) => p.arguments?.ms === 2345)).toHaveLength(1))
    current = newClient()
    rerender()
    expect(result.current.status).toBe('idle')
    expect((await first).status).toBe('cancelled')
    await waitFor(() => expect(receivedBy('slow', (d) => d.ms === 2345)).toBeDefined(), { timeout: 3000 })
    expect(receivedBy('slow', (d) => d.ms === 2345)!.data).toMatchObject({ aborted: true })
  })

  it('cancel() mid-question ends cancelled and sends nothing more', async () => {
    const user = userEvent.setup()
    const fresh = newClient()
    render(withProvider(<Tool name="ask_name" />, fresh))
    await user.click(screen.getByRole('button', { name: 'Run' }))
    await screen.findByRole('form', { name: 'What is your name?' })
    const before = toolCalls('ask_name').length
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(status()).toBe('cancelled')
    expect(screen.queryByRole('form')).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(toolCalls('ask_name').length).toBe(before)
  })
})

describe('useMcpPrompt and useMcpResource', () => {
  beforeAll(() => {
    client = newClient()
  })

  it('gets a prompt that asks a question first', async () => {
    const user = userEvent.setup()
    render(withProvider(<Prompt name="greeting_prompt" />, client, true))
    await user.click(screen.getByRole('button', { name: 'Run' }))
    const form = await screen.findByRole('form', { name: 'Whom should the prompt greet?' })
    await user.type(within(form).getByRole('textbox', { name: 'name' }), 'Grace')
    await user.click(within(form).getByRole('button', { name: 'Send' }))
    expect((await screen.findByRole('status', { name: 'result' })).textContent).toBe('Hello, Grace!')
    expect(server.requests.filter((r) => r.rpcMethod === 'prompts/get').length).toBe(2)
  })

  it('reads a resource that asks for confirmation first', async () => {
    const user = userEvent.setup()
    render(withProvider(<Resource uri="config://settings" />, client, true))
    await user.click(screen.getByRole('button', { name: 'Run' }))
    const form = await screen.findByRole('form', { name: 'Reveal the settings?' })
    await user.click(within(form).getByRole('checkbox', { name: 'Reveal' }))
    await user.click(within(form).getByRole('button', { name: 'Send' }))
    const result = await screen.findByRole('status', { name: 'result' })
    expect(JSON.parse(result.textContent!)).toEqual({ theme: 'dark', confirmed: true })
    expect(receivedBy('resource:config://settings', () => true)?.data).toEqual({ action: 'accept', content: { confirm: true } })
  })
})

describe('restore: true', () => {
  it('resumes a saved wizard round on mount, once under StrictMode, with the same requestState', async () => {
    const user = userEvent.setup()
    const storage = sessionCallStorage()
    const storageKey = 'wizard-test'

    // The first page: answer the colour, get to the size question.
    const first = render(withProvider(<Tool name="wizard" options={{ storage, storageKey }} />, newClient()))
    await user.click(first.getByRole('button', { name: 'Run' }))
    const colour = await first.findByRole('form', { name: 'Pick a colour' })
    await user.selectOptions(within(colour).getByRole('combobox', { name: 'Colour' }), 'green')
    await user.click(within(colour).getByRole('button', { name: 'Send' }))
    await first.findByRole('form', { name: 'Colour green. Now pick a size' })
    // Written asynchronously, after the state.
    await vi.waitFor(() => expect(JSON.parse(sessionStorage.getItem(`mcp-elicit:${storageKey}`)!).pending.round).toBe(2))
    const saved = JSON.parse(sessionStorage.getItem(`mcp-elicit:${storageKey}`)!)
    const requestState: string = saved.pending.requestState
    expect(typeof requestState).toBe('string')

    // "Reload": a fresh client and component tree (the first page never cleaned up).
    const calls = toolCalls('wizard').length
    const loads = vi.fn(storage.load)
    const counted: CallStorage = { ...storage, load: loads }
    const second = render(withProvider(<Tool name="wizard" options={{ storage: counted, storageKey, restore: true }} />, newClient(), true), {
      container: document.body.appendChild(document.createElement('div')),
    })
    const size = await second.findByRole('form', { name: 'Colour green. Now pick a size' })
    expect(within(second.container).getByRole('status', { name: 'call status' }).textContent).toBe('awaiting_input')
    expect(loads).toHaveBeenCalledTimes(1)
    expect(toolCalls('wizard').length).toBe(calls)

    await user.type(within(size).getByRole('spinbutton', { name: 'Size' }), '7')
    await user.click(within(size).getByRole('button', { name: 'Send' }))
    const result = await second.findByRole('status', { name: 'result' })
    expect(JSON.parse(result.textContent!)).toEqual({ color: 'green', size: 7 })
    const retries = toolCalls('wizard').slice(calls)
    expect(retries).toHaveLength(1)
    expect((retries[0]!.body as { params: Record<string, unknown> }).params).toMatchObject({ requestState, inputResponses: { size: { action: 'accept', content: { size: 7 } } } })
    // Kept as finished: a reload shows the result instead of running the call again.
    await vi.waitFor(() => expect(JSON.parse(sessionStorage.getItem(`mcp-elicit:${storageKey}`)!)).toMatchObject({ finished: { rounds: 2 } }))
  })

  it('with nothing saved, stays idle and sends nothing', async () => {
    const loads = vi.fn(async () => undefined)
    const storage: CallStorage = { load: loads, save: async () => {}, remove: async () => {} }
    const before = server.requests.length
    render(withProvider(<Tool name="wizard" options={{ storage, storageKey: 'nothing', restore: true }} />, newClient(), true))
    await vi.waitFor(() => expect(loads).toHaveBeenCalled())
    await act(() => Promise.resolve())
    expect(status()).toBe('idle')
    expect(loads).toHaveBeenCalledTimes(1)
    expect(server.requests.length).toBe(before)
  })
})

/** Every onStatusChange, as [status, state.status]; and the hook under StrictMode (double effects and renders). */
function follow(name: string, options: UseMcpCallOptions = {}, store?: FakeSignInStore) {
  const told: Array<[McpCallStatus, McpCallView['status']]> = []
  const onStatusChange = vi.fn((status: McpCallStatus, state: McpCallView) => void told.push([status, state.status]))
  const client = newClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <McpProvider client={client} signIn={store}>
        {children}
      </McpProvider>
    </StrictMode>
  )
  const hook = renderHook(() => useMcpTool(name, { ...options, onStatusChange }), { wrapper })
  return { ...hook, told, onStatusChange }
}

describe('onStatusChange, onResult and onCallError: a host follows a call without reading the page', () => {
  it('is told once per change, with the state it changed to, through a call with an input round; renders tell nothing', async () => {
    const onResult = vi.fn()
    const onCallError = vi.fn()
    const { result, rerender, told } = follow('ask_name', { onResult, onCallError })
    rerender()
    // Not for the status the call starts with.
    expect(told).toEqual([])

    act(() => void result.current.call())
    await waitFor(() => expect(result.current.status).toBe('awaiting_input'))
    rerender()
    rerender()
    const key = result.current.status === 'awaiting_input' ? result.current.inputs[0]!.key : ''
    act(() => result.current.respond(key, { action: 'accept', content: { name: 'Ada' } }))
    await waitFor(() => expect(result.current.status).toBe('done'))
    rerender()

    expect(told).toEqual([
      ['running', 'running'],
      ['awaiting_input', 'awaiting_input'],
      ['retrying', 'retrying'],
      ['done', 'done'],
    ])
    expect(onResult).toHaveBeenCalledTimes(1)
    expect(onResult.mock.calls[0]![0]).toMatchObject({ content: [{ type: 'text', text: 'hello Ada' }] })
    expect(onResult.mock.calls[0]![1]).toMatchObject({ status: 'done', rounds: 1 })
    expect(onCallError).not.toHaveBeenCalled()
  })

  it('tells an error through onCallError, after onStatusChange; reset is a change too', async () => {
    const order: string[] = []
    const onCallError = vi.fn(() => void order.push('onCallError'))
    const { result, onStatusChange } = follow('no_such_tool', { onCallError })
    onStatusChange.mockImplementation((status) => void order.push(status))
    act(() => void result.current.call())
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(order).toEqual(['running', 'error', 'onCallError'])
    expect(onCallError).toHaveBeenCalledTimes(1)
    const [error, state] = onCallError.mock.calls[0] as unknown as [{ code: string }, { status: string }]
    expect(state.status).toBe('error')
    expect(result.current.status === 'error' && result.current.error).toBe(error)
    act(() => result.current.reset())
    expect(order).toEqual(['running', 'error', 'onCallError', 'idle'])
  })

  it('says needs_auth while the call waits for a sign-in, and the status underneath after', async () => {
    const store = fakeSignInStore()
    const { result, told } = follow('slow', {}, store)
    // The sign-in kit loads on demand (call-auth.ts); here the store changes at once, where a server would answer 401 first.
    await act(() => loadSignInKit())
    act(() => void result.current.call({ ms: 300 }))
    const request = pendingSignIn({ endpoint: endpointKey(server.url) })
    act(() => store.set(waitingSignIn(request)))
    // A change of the sign-in that leaves the call waiting is no status change.
    act(() => store.set(openedSignIn(request)))
    act(() => store.set({ status: 'idle' }))
    await waitFor(() => expect(result.current.status).toBe('done'))
    expect(told.map(([status]) => status)).toEqual(['running', 'needs_auth', 'running', 'done'])
  })

  it('calls the function of the latest render; one that throws is reported and stops neither the call nor what follows', async () => {
    const reported: unknown[] = []
    const original = globalThis.queueMicrotask
    const microtasks = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) =>
      original(() => {
        try {
          task()
        } catch (error) {
          reported.push(error)
        }
      }),
    )
    try {
      const first = vi.fn()
      const second = vi.fn((status: McpCallStatus) => {
        if (status === 'running') throw new Error('broken handler')
      })
      const onResult = vi.fn()
      const client = newClient()
      const { result, rerender } = renderHook(({ handler }) => useMcpTool('slow', { onStatusChange: handler, onResult }), {
        initialProps: { handler: first },
        wrapper: ({ children }) => <McpProvider client={client}>{children}</McpProvider>,
      })
      rerender({ handler: second })
      act(() => void result.current.call({ ms: 50 }))
      await waitFor(() => expect(result.current.status).toBe('done'))
      expect(first).not.toHaveBeenCalled()
      expect(second.mock.calls.map(([status]) => status)).toEqual(['running', 'done'])
      expect(onResult).toHaveBeenCalledTimes(1)
      expect(reported).toEqual([new Error('broken handler')])
    } finally {
      microtasks.mockRestore()
    }
  })
})
