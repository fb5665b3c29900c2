import { useState, type ReactNode } from 'react'
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import type { McpClient } from '../src/core/index'
import { McpProvider } from '../src/react/index'
import { McpToolCall } from '../src/forms/index'
import { formReady } from './form-ready'
import { hostile, roots, samplingAnswer } from './recorded'
import {
  complete,
  createdTask,
  inputRequired,
  recordedClient,
  recordedTaskClient,
  rpcError,
  sse,
  taskAck,
  taskSnapshot,
  type RecordedTask,
  type SentRequest,
  type ToolScript,
} from './recorded-server'

/** Recorded answers of the fixture server's tools (see recorded-server.ts). */
const tools: Record<string, ToolScript> = {
  ask_name: (request) => {
    const answer = request.params.inputResponses?.name as { action?: string; content?: { name?: string } } | undefined
    if (!answer) {
      return inputRequired(request, {
        name: {
          method: 'elicitation/create',
          params: { message: 'What is your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name', minLength: 1 } }, required: ['name'] }, mode: 'form' },
        },
      })
    }
    return complete(request, answer.action === 'accept' ? `hello ${String(answer.content?.name)}` : String(answer.action))
  },
  needs_sampling: (request) =>
    request.params.inputResponses?.llm
      ? complete(request, JSON.stringify(request.params.inputResponses.llm))
      : inputRequired(request, { llm: { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hi in one word.' } }], maxTokens: 20 } } }),
  needs_roots: (request) =>
    request.params.inputResponses?.roots ? complete(request, JSON.stringify(request.params.inputResponses.roots)) : inputRequired(request, { roots: { method: 'roots/list' } }),
  // Progress over SSE; the stream then stays open (until Stop) so the bar can be looked at.
  progress: (request, signal) =>
    sse(
      [
        { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: progressTokenOf(request), progress: 1, total: 3, message: 'step 1 of 3' } },
        { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: progressTokenOf(request), progress: 2, total: 3, message: 'step 2 of 3' } },
      ],
      signal,
      true,
    ),
  echo: (request) => complete(request, String((request.params.arguments as { text?: unknown } | undefined)?.text ?? '')),
  book: (request) => complete(request, 'No seats left on flight TR 815 for 3 March.', true),
  // Modern SDK: a tampered or expired requestState is a JSON-RPC error on HTTP 200.
  flaky_booking: (request) =>
    request.params.inputResponses
      ? rpcError(request, { code: -32602, message: 'Invalid or expired requestState', data: { reason: 'invalid_request_state' } })
      : inputRequired(
          request,
          { name: { method: 'elicitation/create', params: { message: 'What is your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] }, mode: 'form' } } },
          'v1.eyJwIjp7InRvb2wiOiJmbGFreV9ib29raW5nIn0sImV4cCI6MTc5NjA0Mzg1OH0.cBab',
        ),
  // A result nested 10,000 deep: written as text, since JSON.stringify would run out of stack on it.
  deep_result: (request) =>
    new Response(`{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{"content":[],"structuredContent":${'{"level":'.repeat(10_000)}0${'}'.repeat(10_000)}}}`, {
      headers: { 'content-type': 'application/json' },
    }),
  // Modern SDK: an input request the client did not declare a capability for: -32021 on HTTP 400.
  share_folders: (request) =>
    rpcError(
      request,
      { code: -32021, message: "Cannot request input 'roots' (roots/list): the request's client capabilities do not declare the required capability", data: { requiredCapabilities: { roots: {} } } },
      400,
    ),
}

function progressTokenOf(request: SentRequest): unknown {
  return (request.params._meta as { progressToken?: unknown } | undefined)?.progressToken
}

/** One client per mounted story, so every story starts from a fresh connection. */
function RecordedServer({ children }: { children: ReactNode }) {
  const [client] = useState(() => recordedClient(tools))
  return <McpProvider client={client}>{children}</McpProvider>
}
const withRecordedServer: Decorator = (Story) => (
  <RecordedServer>
    <Story />
  </RecordedServer>
)

const meta = {
  title: 'Forms/McpToolCall',
  component: McpToolCall,
  decorators: [withRecordedServer],
  args: { name: 'ask_name' },
  parameters: { rootClass: 'mcp-elicit-call' },
} satisfies Meta<typeof McpToolCall>

export default meta
type Story = StoryObj<typeof meta>

const stateOf = (canvasElement: HTMLElement) => canvasElement.querySelector('.mcp-elicit-call')?.getAttribute('data-state')

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Run ask_name' })).toBeEnabled()
    await expect(stateOf(canvasElement)).toBe('idle')
  },
}

export const AwaitingInput: Story = {
  name: 'Awaiting input (form round)',
  args: { autoRun: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('group', { name: 'What is your name?' })
    await expect(stateOf(canvasElement)).toBe('awaiting_input')
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeEnabled()
  },
}

export const AnsweredThenDone: Story = {
  name: 'Round answered, retried, done',
  args: { autoRun: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Name/ }), 'Ada')
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(stateOf(canvasElement)).toBe('done'))
    // The result renderer is a chunk of its own (src/forms/lazy-parts.tsx): it may come a moment after the result.
    await expect(await canvas.findByText('hello Ada')).toBeInTheDocument()
  },
}

export const SamplingRound: Story = {
  name: 'Sampling round (approval)',
  args: { name: 'needs_sampling', autoRun: true, onSampling: fn(async () => samplingAnswer) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('group', { name: 'The server asks to use your AI model' })).toBeInTheDocument()
  },
}

export const RootsRound: Story = {
  name: 'Roots round (approval)',
  args: { name: 'needs_roots', autoRun: true, roots },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('group', { name: 'The server asks which folders it may use' })).toBeInTheDocument()
  },
}

export const Progress: Story = {
  name: 'Progress (total known)',
  args: { name: 'progress', arguments: { count: 3 }, autoRun: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const bar = await canvas.findByRole('progressbar')
    await waitFor(() => expect(bar).toHaveAttribute('value', '2'))
    await expect(bar).toHaveAttribute('max', '3')
    await expect(canvas.getByText('step 2 of 3')).toBeInTheDocument()
  },
}

export const Stopped: Story = {
  name: 'Stopped by the person',
  args: { name: 'progress', arguments: { count: 3 }, autoRun: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('progressbar')
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(stateOf(canvasElement)).toBe('cancelled'))
    await expect(canvas.getByRole('status')).toHaveTextContent('Cancelled.')
  },
}

export const Result: Story = {
  args: { name: 'echo', arguments: { text: 'Flight TR 815 booked: seat 23A, 3 March 09:30.' }, autoRun: true },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Flight TR 815 booked: seat 23A, 3 March 09:30.')).toBeInTheDocument()
  },
}

export const ToolReportedError: Story = {
  name: 'Result with isError',
  args: { name: 'book', autoRun: true },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('The tool reported an error:')).toBeInTheDocument()
  },
}

export const ErrorFromServer: Story = {
  name: 'Error: JSON-RPC error (missing capability, HTTP 400)',
  args: { name: 'share_folders', autoRun: true },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert')
    await expect(alert).toHaveTextContent(/The call failed\..*Cannot request input 'roots'/)
    await expect(stateOf(canvasElement)).toBe('error')
  },
}

export const ErrorAfterAnswering: Story = {
  name: 'Error after answering (expired requestState), Try again',
  args: { name: 'flaky_booking', autoRun: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Name/ }), 'Ada')
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Invalid or expired requestState')
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled()
  },
}

export const HostileResult: Story = {
  name: 'Hostile result text (rendered as text)',
  tags: ['hostile-text'],
  args: { name: 'echo', arguments: { text: hostile }, autoRun: true },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(hostile)).toBeInTheDocument()
  },
}

export const DeepStructuredResult: Story = {
  name: 'Hostile: structuredContent nested 10,000 deep (shown cut)',
  args: { name: 'deep_result', autoRun: true },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(stateOf(canvasElement)).toBe('done'))
    // The result renderer is a chunk of its own (src/forms/lazy-parts.tsx): it may come a moment after the result.
    const shown = (await waitFor(() => canvasElement.querySelector('.mcp-elicit-result-structured')!)).textContent!
    await expect(shown).toContain('{…}')
    await expect(shown.length).toBeLessThan(2_000)
  },
}

export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  args: { autoRun: true },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('group', { name: 'What is your name?' })
    await expect(canvasElement.querySelector('[data-theme="dark"] .mcp-elicit-call')).not.toBeNull()
  },
}

// ——— calls the server runs as a task (tasks extension) ———

const taskTimes = { createdAt: '2026-03-01T09:30:00Z', lastUpdatedAt: '2026-03-01T09:31:12Z', ttlMs: null, pollIntervalMs: 1000 }

/** Packs four crates: one progress notification on the tools/call stream, then the task handle; every poll says it is still working. */
function packingServer(statusMessage: string) {
  const packing: RecordedTask = { taskId: 'task-7f3a9c2e', status: 'working', statusMessage, ...taskTimes }
  return recordedTaskClient(['pack_crates'], {
    'tools/call': (request, signal) =>
      sse(
        [
          { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: progressTokenOf(request), progress: 1, total: 4 } },
          { jsonrpc: '2.0', id: request.id, result: { resultType: 'task', ...packing } },
        ],
        signal,
      ),
    'tasks/get': (request) => taskSnapshot(request, packing),
    'tasks/cancel': (request) => taskAck(request),
  })
}

/** Deploys after asking: the task waits for an approval (tasks/get with inputRequests) until tasks/update brings it. */
function approvalServer() {
  const base = { taskId: 'task-deploy-51', ...taskTimes, pollIntervalMs: 250 }
  let answer: unknown
  return recordedTaskClient(['deploy'], {
    'tools/call': (request) => createdTask(request, { ...base, status: 'working', statusMessage: 'Building release 3.0.1' }),
    'tasks/get': (request) =>
      answer === undefined
        ? taskSnapshot(request, {
            ...base,
            status: 'input_required',
            statusMessage: 'Release 3.0.1 is built and waits for approval',
            inputRequests: {
              approve: {
                method: 'elicitation/create',
                params: {
                  mode: 'form',
                  message: 'Deploy release 3.0.1 to production?',
                  requestedSchema: { type: 'object', properties: { note: { type: 'string', title: 'Note for the release log' } } },
                },
              },
            },
          })
        : taskSnapshot(request, { ...base, status: 'completed', statusMessage: 'Deployed', result: { content: [{ type: 'text', text: `Deployed: ${JSON.stringify(answer)}` }], resultType: 'complete' } }),
    'tasks/update': (request) => {
      answer = request.params.inputResponses?.approve
      return taskAck(request)
    },
    'tasks/cancel': (request) => taskAck(request),
  })
}

/** Provides the story's own task server (the inner provider is the one the call uses). */
function TaskServer({ make, children }: { make: () => McpClient; children: ReactNode }) {
  const [client] = useState(make)
  return <McpProvider client={client}>{children}</McpProvider>
}
const withTaskServer =
  (make: () => McpClient): Decorator =>
  (Story) => (
    <TaskServer make={make}>
      <Story />
    </TaskServer>
  )

/** The server's polls wait their interval: give them longer than a plain round trip. */
const polled = { timeout: 5_000 }

export const RunningTask: Story = {
  name: 'Running task (determinate bar, status message)',
  args: { name: 'pack_crates', autoRun: true },
  decorators: [withTaskServer(() => packingServer('Packing crate 1 of 4: 12 of 30 items in'))],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const bar = await canvas.findByRole('progressbar', { name: '1 of 4' }, polled)
    await expect(bar).toHaveAttribute('value', '1')
    await expect(bar).toHaveAttribute('max', '4')
    // The task's own status follows the progress: the tasks code loads with the first task.
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Running in the background'), polled)
    await expect(canvas.getByText('Packing crate 1 of 4: 12 of 30 items in')).toBeInTheDocument()
    await expect(stateOf(canvasElement)).toBe('running')
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeEnabled()
  },
}

export const TaskAwaitingInput: Story = {
  name: 'Task asks mid-way (status line above the form)',
  args: { name: 'deploy', autoRun: true },
  decorators: [withTaskServer(approvalServer)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const form = await canvas.findByRole('group', { name: 'Deploy release 3.0.1 to production?' }, polled)
    await expect(stateOf(canvasElement)).toBe('awaiting_input')
    // The task line is a chunk of its own (src/forms/lazy-parts.tsx): it may come a moment after the form.
    const task = await waitFor(() => canvasElement.querySelector<HTMLElement>('.mcp-elicit-task')!)
    await expect(within(task).getByRole('status')).toHaveTextContent('Running in the background')
    await expect(within(task).getByText('Release 3.0.1 is built and waits for approval')).toBeInTheDocument()
    await formReady(canvasElement)
    await expect(within(form).getByRole('button', { name: 'Accept' })).toBeEnabled()
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeEnabled()
  },
}

export const HostileTaskLine: Story = {
  name: 'Hostile task status message (rendered as text, isolated, clamped)',
  tags: ['hostile-text'],
  args: { name: 'pack_crates', autoRun: true },
  decorators: [withTaskServer(() => packingServer(`${hostile} \u202Egnikcap `.repeat(40)))],
  play: async ({ canvasElement }) => {
    const message = await waitFor(() => {
      const found = canvasElement.querySelector<HTMLElement>('.mcp-elicit-task-message')
      if (!found) throw new Error('no task status message yet')
      return found
    }, polled)
    await expect(message.textContent).toContain(hostile)
    await expect(message.textContent).not.toContain('\u202E')
    await expect(message.querySelector('.mcp-elicit-clamp')).not.toBeNull()
  },
}

