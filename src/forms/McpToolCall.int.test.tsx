// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { CallObserver, createClient, McpCancelledError, type CallStorage, sessionCallStorage, type CallOptions, type InputContext, type InputRequests, type McpClient, type McpResult, type TaskInfo } from '../core/index'
import { McpProvider } from '../react/index'
import { McpToolCall, type McpToolCallProps } from './McpToolCall'
import { defaultMessages } from './texts/all'

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
  sessionStorage.clear()
})

const capabilities = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} }

/** The `tools/call` params the server got for the wizard. */
const wizardCalls = () =>
  mcp.requests.filter((r) => r.rpcMethod === 'tools/call' && (r.body as { params: { name: string } }).params.name === 'wizard').map((r) => (r.body as { params: Record<string, any> }).params)

/** Answers the wizard's first round with `colour` and waits for the second. */
async function pickColour(section: HTMLElement, colour: string) {
  const first = await within(section).findByRole('group', { name: 'Pick a colour' })
  await userEvent.selectOptions(within(first).getByRole('combobox', { name: /^Colour/ }), colour)
  await userEvent.click(within(first).getByRole('button', { name: 'Accept' }))
  return within(section).findByRole('group', { name: `Colour ${colour}. Now pick a size` })
}

async function pickSize(round: HTMLElement, size: string) {
  const input = within(round).getByRole('spinbutton', { name: /^Size/ })
  await userEvent.clear(input)
  await userEvent.type(input, size)
  await userEvent.click(within(round).getByRole('button', { name: 'Accept' }))
}

function renderCall(props: McpToolCallProps, using: McpClient = client) {
  const { container } = render(
    <McpProvider client={using}>
      <McpToolCall validator={validator} {...props} />
    </McpProvider>,
  )
  return container.querySelector<HTMLElement>('section.mcp-elicit-call')!
}

describe('McpToolCall', () => {
  it('runs on click, shows a progress bar when the total is known, then the text result as text', async () => {
    const section = renderCall({ name: 'progress', arguments: { count: 3, delayMs: 120 } })
    expect(section.dataset.state).toBe('idle')
    await userEvent.click(screen.getByRole('button', { name: 'Run progress' }))
    const bar = await screen.findByRole('progressbar')
    expect(bar.getAttribute('max')).toBe('3')
    expect(section.getAttribute('aria-busy')).toBe('true')
    expect(within(section).getByRole('button', { name: 'Stop' })).toBeTruthy()
    await waitFor(() => expect(section.dataset.state).toBe('done'))
    // The result renderer is a chunk of its own (lazy-parts.tsx), fetched when the call starts: it may come a moment after the result.
    expect(await within(section).findByText('progress done: 3 notifications')).toBeTruthy()
    expect(within(section).queryByRole('progressbar')).toBeNull()
  })

  it('cancel stops the call and says so', async () => {
    const section = renderCall({ name: 'slow', arguments: { ms: 10_000 } })
    await userEvent.click(screen.getByRole('button', { name: 'Run slow' }))
    await waitFor(() => expect(section.dataset.state).toBe('running'))
    await userEvent.click(within(section).getByRole('button', { name: 'Stop' }))
    expect(section.dataset.state).toBe('cancelled')
    expect(within(section).getByRole('status').textContent).toBe('Cancelled.')
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeTruthy()
    await mcp.waitForReceived('slow')
  })

  it('puts a round in front of the person and shows the result', async () => {
    const section = renderCall({ name: 'ask_name', autoRun: true })
    const form = await within(section).findByRole('group', { name: 'What is your name?' })
    expect(section.dataset.state).toBe('awaiting_input')
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: /^Name/ }))
    await userEvent.keyboard('Ada{Enter}')
    await waitFor(() => expect(section.dataset.state).toBe('done'))
    expect(within(section).getByText('hello Ada')).toBeTruthy()
  })

  it('asks approval for sampling the app did not auto-answer', async () => {
    const answer = { role: 'assistant', content: { type: 'text', text: 'Hi' }, model: 'test-model' }
    const section = renderCall({ name: 'needs_sampling', onSampling: async () => answer })
    await userEvent.click(screen.getByRole('button', { name: 'Run needs_sampling' }))
    const card = await within(section).findByRole('group', { name: 'The server asks to use your AI model' })
    expect(within(card).getByText('Say hi in one word.')).toBeTruthy()
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }))
    await userEvent.click(await within(card).findByRole('button', { name: 'Send' }))
    await waitFor(() => expect(section.dataset.state).toBe('done'))
    expect(JSON.parse(within(section).getByText(/test-model/).textContent!)).toMatchObject(answer)
  })

  it('renders hostile result text as text', async () => {
    const section = renderCall({ name: 'echo', arguments: { text: '<img src=x onerror=alert(1)><script>alert(1)</script>' } })
    await userEvent.click(screen.getByRole('button', { name: 'Run echo' }))
    await waitFor(() => expect(section.dataset.state).toBe('done'))
    expect(within(section).getByText('<img src=x onerror=alert(1)><script>alert(1)</script>')).toBeTruthy()
    expect(section.querySelector('img, script')).toBeNull()
  })

  it('after the call, offers Run again and Start over; with finishedActions off (a chat part) the result stands alone', async () => {
    const section = renderCall({ name: 'echo', arguments: { text: 'hello' }, autoRun: true })
    await waitFor(() => expect(section.dataset.state).toBe('done'))
    expect(within(section).getAllByRole('button').map((button) => button.textContent)).toEqual(['Run echo', 'Start over'])
    cleanup()
    const quiet = renderCall({ name: 'echo', arguments: { text: 'hello' }, autoRun: true, finishedActions: false })
    await waitFor(() => expect(quiet.dataset.state).toBe('done'))
    expect(await within(quiet).findByText('hello')).toBeTruthy()
    expect(within(quiet).queryAllByRole('button')).toEqual([])
    cleanup()
    // resultView draws the whole block (a chat part's folded line), in place of the "Result" heading and content.
    const folded = renderCall({ name: 'echo', arguments: { text: 'folded' }, autoRun: true, finishedActions: false, resultView: (result) => <p className="line">{`one line: ${(result.content as Array<{ text: string }>)[0]!.text}`}</p> })
    await waitFor(() => expect(folded.dataset.state).toBe('done'))
    expect(folded.querySelector('.line')?.textContent).toBe('one line: folded')
    expect(folded.querySelector('.mcp-elicit-result-heading')).toBeNull()
  })

  it('shows an error, and "Try again" offers the answers given before the failure', async () => {
    // Edge case a real server does not produce on demand: the call fails after a round was answered.
    let attempt = 0
    const ask: InputRequests = {
      city: { method: 'elicitation/create', params: { message: 'City?', requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City' } } } } },
    }
    const scripted = {
      url: 'https://fake.example/mcp',
      async run(_request: unknown, options: { onInputRequests: (r: InputRequests, c: InputContext) => Promise<unknown>; signal: AbortSignal }) {
        attempt++
        const answers = await options.onInputRequests(ask, { round: 1, signal: options.signal, era: 'modern', method: 'tools/call', serverInfo: undefined })
        if (attempt === 1) throw new Error('The server went away (POST https://fake.example/mcp)')
        return { content: [{ type: 'text', text: JSON.stringify(answers) }] }
      },
    } as unknown as McpClient
    const section = renderCall({ name: 'flaky' }, scripted)
    await userEvent.click(screen.getByRole('button', { name: 'Run flaky' }))
    await userEvent.type(await screen.findByRole('textbox', { name: 'City' }), 'Turin')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    const alert = await within(section).findByRole('alert')
    expect(alert.textContent).toMatch(/The call failed\..*The server went away/)
    expect(section.dataset.state).toBe('error')
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('textbox', { name: 'City' })).toHaveProperty('value', 'Turin')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(section.dataset.state).toBe('done'))
    expect(within(section).getByText('{"city":{"action":"accept","content":{"city":"Turin"}}}')).toBeTruthy()
  })

  it('"Try again" after round 2 failed to send sends round 2 again, with its requestState and answers; round 1 is not asked again', async () => {
    let failed: Record<string, any> | undefined
    const flaky = createClient(mcp.url, {
      capabilities,
      // The network drops exactly the request that carries round 2's answer.
      fetch: async (input, init) => {
        const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
        if (!failed && body?.method === 'tools/call' && body.params?.inputResponses?.size) {
          failed = body.params
          throw new TypeError('network connection lost')
        }
        return fetch(input, init)
      },
    })
    const section = renderCall({ name: 'wizard', autoRun: true }, flaky)
    await pickSize(await pickColour(section, 'green'), '7')
    expect((await within(section).findByRole('alert')).textContent).toMatch(/The call failed\./)
    expect(failed).toMatchObject({ requestState: expect.any(String), inputResponses: { size: { action: 'accept', content: { size: 7 } } } })

    const before = wizardCalls().length
    let roundOneShown = false
    const watch = new MutationObserver(() => {
      roundOneShown ||= section.textContent!.includes('Pick a colour')
    })
    watch.observe(section, { childList: true, subtree: true, characterData: true })
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(section.dataset.state).toBe('done'))
    watch.disconnect()
    expect(within(section).getByText('{"color":"green","size":7}')).toBeTruthy()
    expect(roundOneShown).toBe(false)
    const sent = wizardCalls().slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ requestState: failed!.requestState, inputResponses: failed!.inputResponses })
  })

  it('autoRun with restore resumes the round kept in storage after a reload instead of starting over', async () => {
    const options = { storage: sessionCallStorage(), storageKey: 'autorun-wizard', restore: true }
    const firstPage = renderCall({ name: 'wizard', autoRun: true, options }, createClient(mcp.url, { capabilities }))
    await pickColour(firstPage, 'blue')
    // Written asynchronously, after the state.
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem('mcp-elicit:autorun-wizard')!).pending.round).toBe(2))

    // "Reload": a new client and tree over the same sessionStorage (the old page never cleans up).
    const fresh = () => wizardCalls().filter((params) => params.requestState === undefined).length
    const started = fresh()
    const { container } = render(
      <McpProvider client={createClient(mcp.url, { capabilities })}>
        <McpToolCall name="wizard" autoRun options={options} validator={validator} />
      </McpProvider>,
      { container: document.body.appendChild(document.createElement('div')) },
    )
    const secondPage = container.querySelector<HTMLElement>('section.mcp-elicit-call')!
    const round = await within(secondPage).findByRole('group', { name: 'Colour blue. Now pick a size' })
    expect(within(secondPage).queryByRole('group', { name: 'Pick a colour' })).toBeNull()
    await pickSize(round, '3')
    await waitFor(() => expect(secondPage.dataset.state).toBe('done'))
    expect(within(secondPage).getByText('{"color":"blue","size":3}')).toBeTruthy()
    expect(fresh()).toBe(started)
  })

  /** An autoRun part over `storage` under `key`: it says `words` and runs nothing until the person presses Run. */
  async function personDecides(storage: CallStorage, key: string, words: string) {
    const before = wizardCalls().length
    const section = renderCall({ name: 'wizard', autoRun: true, options: { storage, storageKey: key, restore: true } })
    expect((await within(section).findByRole('alert')).textContent).toBe(words)
    expect(section.dataset.state).toBe('idle')
    expect(wizardCalls().length).toBe(before)
    await userEvent.click(within(section).getByRole('button', { name: 'Run wizard' }))
    expect(await within(section).findByRole('group', { name: 'Pick a colour' })).toBeTruthy()
  }

  it('autoRun with restore over a storage that cannot be read runs nothing: it says the call may have run, and Run is the person’s', async () => {
    const storage = { load: async () => Promise.reject(new Error('the store is down')), save: async () => {}, remove: async () => {} }
    await personDecides(storage, 'unreadable', defaultMessages.storedUnreadable)
  })

  it('autoRun with restore finds a call started before and never heard from: nothing runs until the person says so', async () => {
    const storage = sessionCallStorage()
    // The first page started the call and went away before any round (a reload, another tab).
    const first = new CallObserver(client, { storage, storageKey: 'started-before' })
    void first.start({ method: 'tools/call', params: { name: 'slow', arguments: {} } })
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem('mcp-elicit:started-before')!)).toMatchObject({ startedAt: expect.any(Number) }))
    first.detach()
    await personDecides(storage, 'started-before', defaultMessages.storedUnconfirmed)
  })

  it('autoRun with restore and nothing kept starts the call', async () => {
    const section = renderCall({ name: 'ask_name', autoRun: true, options: { storage: sessionCallStorage(), storageKey: 'nothing-kept', restore: true } })
    expect(await within(section).findByRole('group', { name: 'What is your name?' })).toBeTruthy()
  })
})

/**
 * A call the server runs as a task, through the real hook and observer: the
 * scripted client reports the task as the core's loop does (`onEvent`
 * `task`, `onProgress`, a question through `onInputRequests`). What goes on
 * the wire (tasks/get polling, tasks/update, tasks/cancel) is the core's.
 */
describe('McpToolCall: a call run as a task', () => {
  const working: TaskInfo = { taskId: 'task-7f3a', status: 'working', statusMessage: 'Compiling 3 of 12 packages', createdAt: '2026-03-01T10:30:00Z', ttlMs: 60_000, pollIntervalMs: 500 }

  /** A client whose `run` is `script`, with its options kept for the test to look at. */
  function taskClient(script: (options: CallOptions & { signal: AbortSignal }) => Promise<McpResult>) {
    const calls: Array<CallOptions & { signal: AbortSignal }> = []
    const client = {
      url: 'https://tasks.example/mcp',
      serverInfo: undefined,
      async run(_request: unknown, options: CallOptions & { signal: AbortSignal }) {
        calls.push(options)
        return script(options)
      },
    } as unknown as McpClient
    return { client, calls }
  }

  /** Waits for the element, failing with the section's markup when it never comes. */
  const findIn = (section: HTMLElement, selector: string) =>
    waitFor(() => {
      const found = section.querySelector<HTMLElement>(selector)
      if (!found) throw new Error(`no ${selector} in ${section.outerHTML}`)
      return found
    })

  /** Stays in flight until the call is stopped, as a task being polled does. */
  const untilStopped = (signal: AbortSignal) =>
    new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new McpCancelledError({ method: 'tools/call' })), { once: true }))

  it('while it runs: the task status (live line, server message, determinate bar) replaces the plain progress; one Stop', async () => {
    const { client } = taskClient(async (options) => {
      options.onEvent?.({ type: 'task', task: working, answered: [] })
      options.onProgress?.({ progress: 3, total: 12 })
      return untilStopped(options.signal)
    })
    const section = renderCall({ name: 'build', autoRun: true }, client)
    const task = await findIn(section, '.mcp-elicit-task')
    expect(section.dataset.state).toBe('running')
    expect(within(section).getByRole('status').textContent).toBe('Running in the background')
    expect(within(task).getByText('Compiling 3 of 12 packages')).toBeTruthy()
    const bar = within(section).getByRole('progressbar', { name: '3 of 12' })
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['3', '12'])
    // Not the plain "Working…" block as well.
    expect(section.querySelector('.mcp-elicit-progress')).toBeNull()
    expect(within(section).queryByText('Working…')).toBeNull()
    // One way to stop, and it is not a second primary action.
    const stops = within(section).getAllByRole('button', { name: 'Stop' })
    expect(stops).toHaveLength(1)
    expect(stops[0]!.dataset.action).toBe('cancel-call')
    expect(section.querySelectorAll('.mcp-elicit-primary')).toHaveLength(0)
  })

  it('without a known total the bar is indeterminate, labelled "Working…"', async () => {
    const { client } = taskClient(async (options) => {
      options.onEvent?.({ type: 'task', task: { taskId: 'task-1', status: 'working' }, answered: [] })
      return untilStopped(options.signal)
    })
    const section = renderCall({ name: 'build', autoRun: true }, client)
    const bar = await within(section).findByRole('progressbar', { name: 'Working…' })
    expect(bar.hasAttribute('value')).toBe(false)
    expect(section.querySelector('.mcp-elicit-task-message')).toBeNull()
  })

  it('a hostile status message stays text in its own isolate', async () => {
    const hostile = '<img src=x onerror=alert(1)><script>alert(1)</script>\u202Eevil'
    const { client } = taskClient(async (options) => {
      options.onEvent?.({ type: 'task', task: { ...working, statusMessage: hostile }, answered: [] })
      return untilStopped(options.signal)
    })
    const section = renderCall({ name: 'build', autoRun: true }, client)
    const message = await findIn(section, '.mcp-elicit-task-message')
    expect(message.querySelector('bdi[dir="auto"]')!.textContent).toBe('<img src=x onerror=alert(1)><script>alert(1)</script>evil')
    expect(section.querySelector('img, script')).toBeNull()
  })

  it('Stop stops the call (the core then sends tasks/cancel), says so, and nothing of the task remains', async () => {
    const { client, calls } = taskClient(async (options) => {
      options.onEvent?.({ type: 'task', task: working, answered: [] })
      return untilStopped(options.signal)
    })
    const section = renderCall({ name: 'build', autoRun: true }, client)
    await findIn(section, '.mcp-elicit-task')
    await userEvent.click(within(section).getByRole('button', { name: 'Stop' }))
    expect(calls[0]!.signal.aborted).toBe(true)
    expect(section.dataset.state).toBe('cancelled')
    expect(within(section).getByRole('status').textContent).toBe('Cancelled.')
    expect(section.querySelector('.mcp-elicit-task')).toBeNull()
    expect(within(section).queryByText('Compiling 3 of 12 packages')).toBeNull()
  })

  it('a question mid-task: the task line above the form, Stop still there; once answered and done, nothing of the task remains', async () => {
    const asked: InputRequests = {
      approve: { method: 'elicitation/create', params: { message: 'Deploy to production?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'Deploy' } } } } },
    }
    const { client } = taskClient(async (options) => {
      const waiting: TaskInfo = { ...working, status: 'input_required', statusMessage: 'Waiting for approval' }
      options.onEvent?.({ type: 'task', task: waiting, answered: [] })
      const answers = await options.onInputRequests!(asked, { round: 1, signal: options.signal, era: 'modern', method: 'tools/call', serverInfo: undefined })
      options.onEvent?.({ type: 'task', task: { ...working, statusMessage: 'Deploying' }, answered: ['approve'] })
      return { content: [{ type: 'text', text: `deployed: ${JSON.stringify(answers.approve)}` }] }
    })
    const section = renderCall({ name: 'deploy', autoRun: true }, client)
    const form = await within(section).findByRole('group', { name: 'Deploy to production?' })
    expect(section.dataset.state).toBe('awaiting_input')
    const task = await findIn(section, '.mcp-elicit-task')
    expect(task.dataset.compact).toBe('true')
    expect(within(task).getByRole('status').textContent).toBe('Running in the background')
    expect(within(task).getByText('Waiting for approval')).toBeTruthy()
    expect(within(task).queryByRole('progressbar')).toBeNull()
    // The line comes before the questions it belongs to.
    expect(task.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(within(section).getAllByRole('button', { name: 'Stop' })).toHaveLength(1)
    // The form's own way out is "Skip question", not a second Stop.
    expect(within(form).getByRole('button', { name: 'Skip question' })).toBeTruthy()

    await userEvent.click(within(form).getByRole('checkbox', { name: 'Deploy' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(section.dataset.state).toBe('done'))
    expect(within(section).getByText('deployed: {"action":"accept","content":{"ok":true}}')).toBeTruthy()
    expect(section.querySelector('.mcp-elicit-task')).toBeNull()
    expect(within(section).queryByText('Running in the background')).toBeNull()
  })
})

describe('McpToolCall: following the call without reading the page', () => {
  it('onStatusChange, onResult and onCallError (its own and those in options) are told once per change, through the wizard’s two rounds', async () => {
    const told: string[] = []
    const fromOptions: string[] = []
    const onResult = vi.fn()
    const onCallError = vi.fn()
    const section = renderCall({
      name: 'wizard',
      onStatusChange: (status, state) => void told.push(`${status}${state.status === status ? '' : ' (mismatch)'}`),
      onResult,
      onCallError,
      options: { onStatusChange: (status) => void fromOptions.push(status) },
    })
    await userEvent.click(screen.getByRole('button', { name: 'Run wizard' }))
    await pickSize(await pickColour(section, 'green'), '4')
    await waitFor(() => expect(section.dataset.state).toBe('done'))
    expect(told).toEqual(['running', 'awaiting_input', 'retrying', 'awaiting_input', 'retrying', 'done'])
    expect(fromOptions).toEqual(told)
    expect(onResult).toHaveBeenCalledTimes(1)
    expect(onResult.mock.calls[0]![1]).toMatchObject({ status: 'done', rounds: 2 })
    expect(onCallError).not.toHaveBeenCalled()
  })
})
