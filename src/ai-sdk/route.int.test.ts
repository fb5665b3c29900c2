/**
 * The demo's AI SDK route (servers/ai-sdk-route.ts: `streamText` with the
 * scripted model and `mcpToolsForModel`) against the listing OUR client
 * makes of the real demo server: the model's step ends at a tool call the
 * browser is to run, and once the browser's output is in the conversation
 * the model quotes it. The UI message stream is read as `useChat` reads it.
 */
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleChat } from '../../servers/ai-sdk-route.ts'
import { startDemoServer, type DemoServer } from '../../servers/demo-server.ts'
import { createClient, type Tool } from '../core/index.js'
import { mcpChatBody } from './chat-body.js'
import { mcpToolsForModel } from './model-tools.js'
import { DECLINED_TEXT } from './react/part-output.js'

let server: DemoServer
let listing: Tool[]

beforeAll(async () => {
  server = await startDemoServer({ host: '127.0.0.1', port: 0 })
  listing = await createClient(server.url, { capabilities: { elicitation: { form: {}, url: {} } } }).listTools()
})
afterAll(async () => server?.close())

async function chat(messages: UIMessage[], extra: Record<string, unknown> = {}, signal?: AbortSignal): Promise<Response> {
  const body = { id: 'chat-1', trigger: 'submit-message', messages, ...(await mcpChatBody(listing)), ...extra }
  return handleChat(new Request('http://127.0.0.1/api/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal }))
}

/** The assistant message the response streams, as `useChat` assembles it. */
async function assistantOf(response: Response): Promise<UIMessage> {
  expect(response.status).toBe(200)
  const chunks = response.body!.pipeThrough(new TextDecoderStream()).pipeThrough(
    new TransformStream<string, UIMessageChunk>({
      transform(text, controller) {
        for (const line of text.split('\n')) if (line.startsWith('data: {')) controller.enqueue(JSON.parse(line.slice(6)) as UIMessageChunk)
      },
    }),
  )
  let last: UIMessage | undefined
  for await (const message of readUIMessageStream({ stream: chunks })) last = message
  return last!
}

const user = (text: string): UIMessage => ({ id: `u-${text.length}`, role: 'user', parts: [{ type: 'text', text }] })

describe('the AI SDK chat route', () => {
  it('ends the step at a call of the tool the person named, for the browser to run, with the MCP name in its metadata', async () => {
    const message = await assistantOf(await chat([user('please run trip_wizard')]))
    const part = message.parts.find((p) => p.type === 'dynamic-tool')
    expect(part).toMatchObject({ type: 'dynamic-tool', toolName: 'trip_wizard', state: 'input-available', input: {}, title: 'Trip wizard', toolMetadata: { mcp: { name: 'trip_wizard' } } })
    expect(listing.some((tool) => tool.name === 'trip_wizard')).toBe(true)
  })

  it('quotes the result the browser handed back', async () => {
    const first = await assistantOf(await chat([user('please run trip_wizard')]))
    const call = first.parts.find((p) => p.type === 'dynamic-tool')!
    const answered = { ...first, parts: first.parts.map((p) => (p === call ? { ...call, state: 'output-available', output: { content: [{ type: 'text', text: 'trip_wizard: booked reykjavik' }] } } : p)) } as UIMessage
    const next = await assistantOf(await chat([user('please run trip_wizard'), answered]))
    const text = next.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')
    expect(text).toBe('The tool trip_wizard answered: “trip_wizard: booked reykjavik”.')
  })

  // clear_notes is marked destructiveHint: the route asks with the AI SDK's tool approval, the browser runs it after the Run.
  it('ends the step at an approval request for a destructive tool; once approved and run in the page, the model quotes the result', async () => {
    const first = await assistantOf(await chat([user('run clear_notes')]))
    const call = first.parts.find((p) => p.type === 'dynamic-tool')!
    expect(call).toMatchObject({ toolName: 'clear_notes', state: 'approval-requested', approval: { id: expect.any(String) }, toolMetadata: { mcp: { name: 'clear_notes', destructive: true } } })
    const approval = (call as { approval: { id: string } }).approval
    // What useChat holds once the person clicked Run (addToolApprovalResponse) and the call's output came (addToolOutput).
    const answered = { ...first, parts: first.parts.map((p) => (p === call ? { ...call, state: 'output-available', approval: { id: approval.id, approved: true }, output: { content: [{ type: 'text', text: 'clear_notes: 2 notes deleted' }] } } : p)) } as UIMessage
    const next = await assistantOf(await chat([user('run clear_notes'), answered]))
    expect(next.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')).toBe('The tool clear_notes answered: “clear_notes: 2 notes deleted”.')
    // Don't run: the part's error output (addToolOutput drops an approval that was not given) is what the model hears.
    const declined = { ...first, parts: first.parts.map((p) => (p === call ? { ...call, state: 'output-error', approval: undefined, errorText: DECLINED_TEXT } : p)) } as UIMessage
    const told = await assistantOf(await chat([user('run clear_notes'), declined]))
    expect(told.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')).toBe('The tool clear_notes failed: The person chose not to run this tool call..')
    // Nothing ran it on the route: the route has no MCP client, and the server saw no call.
    expect(server.received.filter((entry) => entry.tool === 'clear_notes')).toEqual([])
  })

  it('asks for no tool when the host says never, and for every tool not marked read-only under unless-read-only', async () => {
    const ask = (askBeforeRunning: 'never' | 'unless-read-only') => mcpToolsForModel(listing, { askBeforeRunning }).tools
    expect(ask('never').clear_notes).not.toHaveProperty('needsApproval')
    expect(ask('unless-read-only').trip_wizard).toHaveProperty('needsApproval', true)
    expect(mcpToolsForModel(listing).tools.trip_wizard).not.toHaveProperty('needsApproval')
  })

  it('hands the model an error output (a Stop) as a failure', async () => {
    const first = await assistantOf(await chat([user('run slow_report seconds=5')]))
    const call = first.parts.find((p) => p.type === 'dynamic-tool')!
    expect(call).toMatchObject({ toolName: 'slow_report', input: { seconds: 5 } })
    const stopped = { ...first, parts: [{ ...call, state: 'output-error', errorText: 'The person stopped this tool call.' }] } as UIMessage
    const next = await assistantOf(await chat([user('run slow_report seconds=5'), stopped]))
    expect(next.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')).toBe('The tool slow_report failed: The person stopped this tool call..')
  })

  it('leaves out a call still running in the page when the person writes again', async () => {
    const first = await assistantOf(await chat([user('please run trip_wizard')]))
    const next = await assistantOf(await chat([user('please run trip_wizard'), first, user('run all_content')]))
    expect(next.parts.find((p) => p.type === 'dynamic-tool')).toMatchObject({ toolName: 'all_content', state: 'input-available' })
  })

  // Stop in the page aborts the request: the model must stop with it, not run on with nobody reading.
  it("gives the model the request's signal: an aborted request streams no step", async () => {
    const stop = new AbortController()
    const response = await chat([user('please run trip_wizard')], {}, stop.signal)
    stop.abort()
    const types = (await response.text()).split('\n').flatMap((line) => (line.startsWith('data: {') ? [(JSON.parse(line.slice(6)) as UIMessageChunk).type] : []))
    expect(types).toContain('abort')
    expect(types.filter((type) => type.startsWith('tool-') || type.startsWith('text-'))).toEqual([])
  })

  it('refuses what is not a chat request with a 400 and a reason', async () => {
    const post = (body: string) => handleChat(new Request('http://127.0.0.1/api/chat', { method: 'POST', body }))
    const notJson = await post('{')
    expect([notJson.status, await notJson.text()]).toEqual([400, 'The chat request is not JSON.'])
    expect((await post(JSON.stringify({ messages: 'hi', mcpTools: [] }))).status).toBe(400)
    const noListing = await post(JSON.stringify({ messages: [user('hi')], mcpTools: 'all of them' }))
    expect(noListing.status).toBe(400)
    expect(await noListing.text()).toMatch(/^A tool listing is a tools\/list result/)
    const huge = await post(JSON.stringify({ messages: [user('x'.repeat(5 * 1024 * 1024))], mcpTools: [] }))
    expect(huge.status).toBe(413)
  })
})
