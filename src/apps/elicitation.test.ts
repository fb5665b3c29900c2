/**
 * SEP-3118 on the bridge: when a question may go to the view, that it goes
 * unchanged, and that the view's answer is checked outside the sandbox
 * before anyone believes it.
 */
import { describe, expect, it, vi } from 'vitest'
import { isMcpCancelledError, type JsonObject } from '../core/index.js'
import { AppBridge } from './bridge.js'
import type { AppBridgeOptions } from './bridge-options.js'
import { checkElicitResult } from './elicitation.js'
import { isMcpAppError } from './errors.js'

const question = {
  mode: 'form',
  message: 'Which seat?',
  requestedSchema: {
    type: 'object',
    properties: {
      seat: { type: 'string', enum: ['4A', '4B'] },
      count: { type: 'integer', minimum: 1, maximum: 4 },
      email: { type: 'string', format: 'email' },
      extras: { type: 'array', items: { anyOf: [{ const: 'meal' }, { const: 'bag' }] }, maxItems: 2 },
      window: { type: 'boolean' },
    },
    required: ['seat'],
  },
  _meta: { ui: { resourceUri: 'ui://flights/seat-map' } },
}

function harness(options: Omit<AppBridgeOptions, 'post'> = {}) {
  const sent: JsonObject[] = []
  const bridge = new AppBridge({ elicitation: true, onWarning: () => {}, ...options, post: (message) => sent.push(message) })
  const initialize = (appCapabilities: JsonObject = { elicitation: {} }) => {
    bridge.receive({ jsonrpc: '2.0', id: 'i', method: 'ui/initialize', params: { appInfo: { name: 'v', version: '1' }, appCapabilities, protocolVersion: '2026-01-26' } })
    bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
  }
  const asked = () => sent.find((message) => message.method === 'elicitation/create')
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { bridge, sent, initialize, asked, tick }
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('should have failed'),
    (error: unknown) => error,
  )
}

describe('AppBridge.elicit', () => {
  it('waits for the handshake, forwards the unchanged request, and returns the checked answer', async () => {
    const { bridge, initialize, asked, tick } = harness()
    const answer = bridge.elicit(question)
    await tick()
    expect(asked()).toBeUndefined()
    initialize()
    await tick()
    expect(asked()).toEqual({ jsonrpc: '2.0', id: 1, method: 'elicitation/create', params: question })
    bridge.receive({ jsonrpc: '2.0', id: 1, result: { action: 'accept', content: { seat: '4A', count: 2, extras: ['meal'] }, extra: 'dropped' } })
    await expect(answer).resolves.toEqual({ action: 'accept', content: { seat: '4A', count: 2, extras: ['meal'] } })
  })

  it('refuses when the host did not offer elicitation, the view did not declare it, or the question is not a form', async () => {
    const offered = harness({ elicitation: false })
    expect(await failure(offered.bridge.elicit(question))).toMatchObject({ code: 'APP_ELICITATION_UNSUPPORTED' })

    const { bridge, initialize, asked } = harness()
    expect(await failure(bridge.elicit({ mode: 'url', url: 'https://example.com', message: 'Go', elicitationId: 'e' }))).toMatchObject({ code: 'APP_ELICITATION_UNSUPPORTED' })
    expect(await failure(bridge.elicit({ message: 'no schema' }))).toMatchObject({ code: 'APP_ELICITATION_UNSUPPORTED' })
    initialize({})
    expect(await failure(bridge.elicit(question))).toMatchObject({ code: 'APP_ELICITATION_UNSUPPORTED', message: expect.stringContaining('appCapabilities.elicitation') })
    expect(asked()).toBeUndefined()
  })

  it('turns an invalid answer or an error answer into APP_ELICITATION_INVALID', async () => {
    const { bridge, initialize, tick } = harness()
    initialize()
    const first = bridge.elicit(question)
    await tick()
    bridge.receive({ jsonrpc: '2.0', id: 1, result: { action: 'accept', content: { seat: '9Z' } } })
    expect(await failure(first)).toMatchObject({ code: 'APP_ELICITATION_INVALID', message: expect.stringContaining('"seat" is not one of the choices') })
    const second = bridge.elicit(question)
    await tick()
    bridge.receive({ jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } })
    expect(await failure(second)).toMatchObject({ code: 'APP_ELICITATION_INVALID', message: expect.stringContaining('-32601') })
  })

  it('refuses an answer over the message bound at once, and never counts the characters of one no maxLength allows', async () => {
    const { bridge, initialize, asked, tick } = harness({ maxParamsBytes: 1000 })
    initialize()
    const answer = bridge.elicit({ message: 'Note?', requestedSchema: { type: 'object', properties: { note: { type: 'string' } } } })
    await tick()
    bridge.receive({ jsonrpc: '2.0', id: asked()!.id, result: { action: 'accept', content: { note: 'x'.repeat(2000) } } })
    expect(await failure(answer)).toMatchObject({ code: 'APP_ELICITATION_INVALID', message: expect.stringContaining('result is over 1000 bytes') })

    // Within the bound of the message, a string is still judged by its length first: 4 million characters never fit 50 code points.
    const iterate = vi.spyOn(String.prototype, Symbol.iterator)
    try {
      expect(() => checkElicitResult({ action: 'accept', content: { email: 'a'.repeat(4_000_000) } }, { type: 'object', properties: { email: { type: 'string', maxLength: 50 } } })).toThrow('"email" has the wrong length')
      expect(iterate).not.toHaveBeenCalled()
    } finally {
      iterate.mockRestore()
    }
    // Code points, not UTF-16 units, are what maxLength counts.
    expect(checkElicitResult({ action: 'accept', content: { seat: '😀😀' } }, { type: 'object', properties: { seat: { type: 'string', maxLength: 2 } } })).toMatchObject({ action: 'accept' })
    expect(() => checkElicitResult({ action: 'accept', content: { seat: '😀😀😀' } }, { type: 'object', properties: { seat: { type: 'string', maxLength: 2 } } })).toThrow('wrong length')
  })

  it('times out with APP_ELICITATION_TIMEOUT and tells the view to stop', async () => {
    const { bridge, initialize, sent } = harness()
    initialize()
    expect(await failure(bridge.elicit(question, { timeoutMs: 20 }))).toMatchObject({ code: 'APP_ELICITATION_TIMEOUT' })
    expect(sent.at(-1)).toMatchObject({ method: 'notifications/cancelled', params: { requestId: 1 } })
  })

  it('counts the wait for the handshake in the timeout', async () => {
    const { bridge, asked } = harness()
    expect(await failure(bridge.elicit(question, { timeoutMs: 20 }))).toMatchObject({ code: 'APP_ELICITATION_TIMEOUT' })
    expect(asked()).toBeUndefined()
  })

  it('cancels with McpCancelledError when the signal aborts, telling the view', async () => {
    const { bridge, initialize, sent, tick } = harness()
    initialize()
    const controller = new AbortController()
    const answer = bridge.elicit(question, { signal: controller.signal })
    await tick()
    controller.abort()
    expect(isMcpCancelledError(await failure(answer))).toBe(true)
    expect(sent.at(-1)).toMatchObject({ method: 'notifications/cancelled', params: { requestId: 1 } })
  })

  it('fails pending and later questions with APP_TORN_DOWN on teardown', async () => {
    const { bridge, initialize, tick } = harness({ teardownTimeoutMs: 10 })
    const beforeInit = failure(bridge.elicit(question))
    initialize()
    await tick()
    const pending = failure(bridge.elicit(question))
    await tick()
    await bridge.teardown()
    for (const outcome of [await beforeInit, await pending, await failure(bridge.elicit(question))]) {
      expect(isMcpAppError(outcome) && outcome.code).toBe('APP_TORN_DOWN')
    }
  })
})

describe('checkElicitResult', () => {
  const schema = question.requestedSchema

  it('keeps decline and cancel as they are, with _meta', () => {
    expect(checkElicitResult({ action: 'decline', content: { ignored: 1 } }, schema)).toEqual({ action: 'decline' })
    expect(checkElicitResult({ action: 'cancel', _meta: { why: 'closed' } }, schema)).toEqual({ action: 'cancel', _meta: { why: 'closed' } })
  })

  it.each([
    [{ action: 'maybe' }, 'action must be'],
    [{ action: 'accept' }, 'required "seat" missing'],
    [{ action: 'accept', content: ['4A'] }, 'content must be an object'],
    [{ action: 'accept', content: { seat: '4A', admin: true } }, '"admin" is not a field'],
    [{ action: 'accept', content: { seat: '4A', count: 2.5 } }, '"count" is not an integer'],
    [{ action: 'accept', content: { seat: '4A', count: 9 } }, '"count" is out of range'],
    [{ action: 'accept', content: { seat: '4A', email: 'nobody' } }, '"email" is not a valid email'],
    [{ action: 'accept', content: { seat: '4A', extras: ['meal', 'spa'] } }, '"extras" has an item that is not one of the choices'],
    [{ action: 'accept', content: { seat: '4A', extras: ['meal', 'bag', 'meal'] } }, '"extras" has the wrong number of items'],
    [{ action: 'accept', content: { seat: '4A', window: 'yes' } }, '"window" is not a boolean'],
    [{ action: 'accept', content: { constructor: 'x', seat: '4A' } }, '"constructor" is not a field'],
  ])('refuses %j', (answer, reason) => {
    expect(() => checkElicitResult(answer, schema)).toThrow(reason)
  })

  it('accepts a complete answer within every bound', () => {
    const content = { seat: '4B', count: 4, email: 'a@b.example', extras: ['bag'], window: false }
    expect(checkElicitResult({ action: 'accept', content }, schema)).toEqual({ action: 'accept', content })
  })
})
