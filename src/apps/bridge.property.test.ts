/**
 * Properties of the bridge under garbage, generated with fast-check: a view
 * is untrusted code and may post anything. Whatever arrives, `receive()`
 * does not throw, the host's handlers only ever see checked values, and
 * all the bridge ever sends back is well-formed JSON-RPC answers (checked
 * with the official SDK's parser).
 */
import { parseJSONRPCMessage } from '@modelcontextprotocol/client'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../core/index.js'
import { AppBridge } from './bridge.js'
import { parseViewMessage } from './bridge-messages.js'

const METHODS = [
  'ui/initialize',
  'ui/notifications/initialized',
  'ui/notifications/size-changed',
  'ui/notifications/request-teardown',
  'ui/open-link',
  'ui/message',
  'ui/update-model-context',
  'ui/request-display-mode',
  'notifications/message',
  'notifications/cancelled',
  'ping',
  'tools/call',
  '__proto__',
  'constructor',
]

/** Values that are almost messages: the right keys with wrong, odd or hostile values. */
const nearMessage = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.anything()),
    id: fc.oneof(fc.integer(), fc.string(), fc.double(), fc.constant(null), fc.anything()),
    method: fc.oneof(fc.constantFrom(...METHODS), fc.string(), fc.anything()),
    params: fc.oneof(
      fc.anything(),
      fc.record({ url: fc.oneof(fc.webUrl(), fc.string(), fc.anything()), width: fc.oneof(fc.double(), fc.anything()), height: fc.double(), mode: fc.string(), role: fc.anything(), content: fc.anything() }, { requiredKeys: [] }),
    ),
    result: fc.anything(),
    error: fc.oneof(fc.record({ code: fc.oneof(fc.integer(), fc.double()), message: fc.oneof(fc.string(), fc.anything()) }), fc.anything()),
  },
  { requiredKeys: [] },
)

function observedBridge() {
  const sent: JsonObject[] = []
  const seen = { sizes: [] as unknown[], links: [] as unknown[], messages: [] as unknown[] }
  const bridge = new AppBridge({
    post: (message) => sent.push(message),
    onWarning: () => {},
    onSizeChange: (size) => seen.sizes.push(size),
    onOpenLink: (url) => void seen.links.push(url),
    onMessage: (message) => (seen.messages.push(message), true),
    onUpdateModelContext: () => {},
    onLog: () => {},
    onRequestTeardown: () => {},
    displayModes: ['inline', 'fullscreen'],
  })
  return { bridge, sent, seen }
}

describe('AppBridge under garbage', () => {
  it('never throws on any value, and sends nothing back for what is not a request', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true }), (value) => {
        const { bridge, sent } = observedBridge()
        expect(() => bridge.receive(value)).not.toThrow()
        expect(sent).toEqual([])
      }),
      { numRuns: 500 },
    )
  })

  it('answers only with valid JSON-RPC, and hands handlers only checked values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(nearMessage, { maxLength: 20 }), async (messages) => {
        const { bridge, sent, seen } = observedBridge()
        for (const message of messages) expect(() => bridge.receive(message)).not.toThrow()
        await new Promise((resolve) => setTimeout(resolve, 0))
        for (const message of sent) {
          expect(() => parseJSONRPCMessage(message)).not.toThrow()
          // Nothing was sent before a handshake, so everything sent answers a request of the view.
          if ('method' in message) expect(bridge.initialized).toBe(true)
        }
        for (const size of seen.sizes as Array<Record<string, number>>) {
          for (const value of Object.values(size)) expect(Number.isFinite(value) && value >= 0).toBe(true)
        }
        for (const link of seen.links) expect(link instanceof URL && ['http:', 'https:'].includes(link.protocol)).toBe(true)
        for (const message of seen.messages as JsonObject[]) {
          expect(message.role === 'user' && Array.isArray(message.content)).toBe(true)
          for (const block of message.content as JsonObject[]) expect(Object.keys(block).sort().join() === 'text,type' && block.type === 'text' && typeof block.text === 'string').toBe(true)
          expect(typeof message.text === 'string' && (message.text as string).length <= 4000).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('drops exactly what the envelope check refuses', () => {
    fc.assert(
      fc.property(nearMessage, (message) => {
        const { bridge } = observedBridge()
        bridge.receive(message)
        const verdict = parseViewMessage(message)
        // A refused envelope counts once; an accepted one only when it answers nothing we asked.
        const unanswered = verdict.ok && (verdict.message.kind === 'result' || verdict.message.kind === 'error')
        const initializedTooEarly = verdict.ok && verdict.message.kind === 'notification' && verdict.message.method === 'ui/notifications/initialized'
        expect(bridge.droppedMessages).toBe(!verdict.ok || unanswered || initializedTooEarly ? 1 : 0)
      }),
      { numRuns: 500 },
    )
  })
})

describe('AppBridge malformed messages, by hand', () => {
  it('drops, counts and reports each', () => {
    const warnings: string[] = []
    const sent: JsonObject[] = []
    const bridge = new AppBridge({ post: (message) => sent.push(message), onWarning: (message) => warnings.push(message), onSizeChange: () => {} })
    const garbage: unknown[] = [
      null,
      'ui/initialize',
      [],
      { jsonrpc: '1.0', method: 'ping', id: 1 },
      { jsonrpc: '2.0' },
      { jsonrpc: '2.0', id: { nested: true }, method: 'ping' },
      { jsonrpc: '2.0', id: 1.5, method: 'ping' },
      { jsonrpc: '2.0', method: 42 },
      { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: [1, 2] },
      { jsonrpc: '2.0', id: 9, result: {} }, // no request 9 was sent
      { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'both' } },
    ]
    for (const message of garbage) bridge.receive(message)
    expect(bridge.droppedMessages).toBe(garbage.length)
    expect(warnings).toHaveLength(garbage.length)
    expect(sent).toEqual([])
  })
})
