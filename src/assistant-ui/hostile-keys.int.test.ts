/**
 * Question keys are the server's to choose, `__proto__` included: the
 * answers that come back through assistant-ui's `resume` (plain JSON, as a
 * runtime stores it) reach the server under the same keys, as own data, and
 * the round goes on. Against the hostile server, which sends such keys.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { hostilePerTest, modern, result, text, within, type HostileServer } from '../../test/hostile/hostile-server.ts'
import { executeMcpTool, executeRuns } from './execute'
import { isMcpRoundPayload } from './round-payload'

const hostile = hostilePerTest({ capabilities: { elicitation: { form: {} } } })
let server: HostileServer
beforeEach(() => {
  server = hostile.server
})

const question = (message: string) => ({ method: 'elicitation/create', params: { mode: 'form', message, requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } })

describe('executeMcpTool with question keys that are Object.prototype names', () => {
  it('an answer to the question keyed "__proto__" is sent under that key, and the call completes', async () => {
    modern(server)
    server.rpc('tools/call', (exchange) => {
      if (exchange.body.params.inputResponses === undefined) {
        // Parsed, not written as a literal: an own "__proto__" key, as it comes over the wire.
        const inputRequests = JSON.parse(`{"__proto__": ${JSON.stringify(question('First'))}, "constructor": ${JSON.stringify(question('Second'))}}`)
        result(exchange, { resultType: 'input_required', inputRequests, requestState: 'opaque' })
      } else {
        result(exchange, { ...text(`got ${Object.keys(exchange.body.params.inputResponses).join(', ')}`), resultType: 'complete' })
      }
    })
    // The tool UI answers every question, and the runtime hands the answers back as JSON.
    const human = vi.fn(async (payload: unknown) => {
      if (!isMcpRoundPayload(payload)) throw new Error('not a round')
      let answers = {}
      for (const input of payload.inputs) answers = { ...answers, [input.key]: { action: 'accept', content: { name: input.key } } }
      return JSON.parse(JSON.stringify(answers))
    })
    const call = executeMcpTool(hostile.client(), 'ask', {}, { toolCallId: 'call-1', abortSignal: new AbortController().signal, human }, {}, executeRuns())

    const settled = await within(call, 5000)
    expect(settled).toEqual({ state: 'resolved', value: expect.objectContaining({ content: [{ type: 'text', text: 'got __proto__, constructor' }] }) })
    const retry = server.find((hit) => hit.rpc === 'tools/call').at(-1)!
    expect(JSON.parse(retry.text).params.inputResponses).toEqual(
      JSON.parse('{"__proto__": {"action": "accept", "content": {"name": "__proto__"}}, "constructor": {"action": "accept", "content": {"name": "constructor"}}}'),
    )
  })
})
