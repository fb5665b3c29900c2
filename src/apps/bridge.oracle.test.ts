// @vitest-environment jsdom
/**
 * Oracle: every message the bridge sends to a view, checked against the
 * published definitions of the people who wrote the spec rather than our
 * reading of it. The MCP Apps messages against ext-apps' own JSON Schema
 * (`@modelcontextprotocol/ext-apps/schema.json`, 2026-01-26) AND its runtime
 * zod schemas (what its `App` parses with); the JSON-RPC
 * envelope against the official SDK's parser (the one ext-apps' App runs on
 * every message it receives); SEP-3118's `elicitation/create`, which
 * ext-apps 2.0.4 does not define yet, against the SDK's `ElicitRequestSchema`.
 *
 * jsdom, so that the host context under test is the one mount.ts really
 * builds from a page (host-context.ts).
 */
import { parseJSONRPCMessage } from '@modelcontextprotocol/client'
import * as extApps from '@modelcontextprotocol/ext-apps'
import schema from '@modelcontextprotocol/ext-apps/schema.json' with { type: 'json' }
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { createClient, type JsonObject, type Tool } from '../core/index.js'
import { AppBridge } from './bridge.js'
import type { AppBridgeOptions } from './bridge-options.js'
import { defaultHostContext } from './host-context.js'

const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats(ajv)
const definitions = schema.$defs as Record<string, object>

/**
 * ext-apps' objections to `value` as `definition` (an empty list when both
 * of its schemas take it):
 * - the JSON Schema, each definition compiled on its own (ext-apps generates
 *   them one by one, each with its own `$defs` that its `#/$defs/…` refs
 *   mean). Errors under `containerDimensions` are left out: the generator
 *   turned the spec's `(height | maxHeight) & (width | maxWidth)` into an
 *   allOf of closed objects that refuses every non-empty value, `{ maxHeight }`
 *   included, which the spec's own example uses. The zod check below covers it.
 * - the zod schema of the same name, which its `App` parses messages with.
 */
function errorsOf(definition: string, value: unknown): string[] {
  if (!definitions[definition]) throw new Error(`ext-apps schema has no ${definition}`)
  const validate = ajv.compile(definitions[definition])
  const errors = validate(value) ? [] : (validate.errors ?? []).filter((error) => !error.instancePath.includes('/containerDimensions'))
  const messages = errors.map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`)
  const runtime = (extApps as unknown as Record<string, { safeParse(value: unknown): { success: boolean; error?: unknown } }>)[`${definition}Schema`]
  if (!runtime) throw new Error(`ext-apps exports no ${definition}Schema`)
  const parsed = runtime.safeParse(value)
  return parsed.success ? messages : [...messages, `zod: ${String(parsed.error)}`]
}

/** A notification or request without its JSON-RPC envelope: the shape ext-apps' message definitions describe. */
function withoutEnvelope(message: JsonObject): JsonObject {
  const { jsonrpc: _jsonrpc, id: _id, ...rest } = message
  return rest
}

/**
 * Every standard style variable, each with a value. ext-apps' generated
 * schema requires all of them once `styles.variables` is present (zod's
 * record over an enum is exhaustive), though the spec lets a host give any
 * subset; so the oracle context gives them all.
 */
const styleVariables = Object.fromEntries(
  (definitions.McpUiStyleVariableKey as { anyOf: Array<{ const: string }> }).anyOf.map((entry) => [entry.const, entry.const.startsWith('--color') ? 'light-dark(#171717, #fafafa)' : 'system-ui']),
)

const tool: Tool = {
  name: 'seat_map',
  title: 'Seat map',
  description: 'Pick a seat.',
  inputSchema: { type: 'object', properties: { flight: { type: 'string' } }, required: ['flight'] },
  _meta: { ui: { resourceUri: 'ui://flights/seat-map', visibility: ['model', 'app'] } },
}

function everything(options: Partial<AppBridgeOptions> = {}) {
  const sent: JsonObject[] = []
  const bridge = new AppBridge({
    post: (message) => sent.push(message),
    client: createClient('http://127.0.0.1:9/mcp'), // never called: only its presence turns serverTools on
    hostInfo: { name: 'oracle-host', version: '1.2.3', title: 'Oracle host' },
    hostContext: {
      ...defaultHostContext(window, { tool, displayModes: ['inline', 'fullscreen'], maxHeight: 640 }),
      toolInfo: { id: 7, tool },
      styles: { variables: styleVariables, css: { fonts: '@import url(https://fonts.example/x.css);' } },
      userAgent: 'oracle',
      safeAreaInsets: { top: 0, right: 0, bottom: 0, left: 0 },
    },
    serverTools: true,
    serverResources: true,
    onOpenLink: () => {},
    onMessage: () => true,
    onUpdateModelContext: () => {},
    onLog: () => {},
    sandbox: { permissions: { camera: {}, clipboardWrite: {} }, csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] } },
    onWarning: () => {},
    teardownTimeoutMs: 50,
    ...options,
  })
  const initialize = (appCapabilities: JsonObject = {}) => {
    bridge.receive({ jsonrpc: '2.0', id: 0, method: 'ui/initialize', params: { appInfo: { name: 'v', version: '1' }, appCapabilities, protocolVersion: '2026-01-26' } })
    bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
  }
  return { bridge, sent, initialize }
}

describe('what the bridge sends, against ext-apps schema.json', () => {
  it('the ui/initialize result is a valid McpUiInitializeResult, with every capability on and a real page context', () => {
    const { sent, initialize } = everything()
    initialize()
    const answer = sent[0]!
    expect(() => parseJSONRPCMessage(answer)).not.toThrow()
    expect(errorsOf('McpUiInitializeResult', answer.result)).toEqual([])
    expect(Object.keys((answer.result as JsonObject).hostCapabilities as JsonObject).sort()).toEqual(
      ['logging', 'message', 'openLinks', 'sandbox', 'serverResources', 'serverTools', 'updateModelContext'].sort(),
    )
  })

  it('with downloads on, hostCapabilities.downloadFile is valid, and both answers of ui/download-file are McpUiDownloadFileResults', async () => {
    let agree = true
    const { bridge, sent, initialize } = everything({ onDownloadFile: () => agree })
    initialize()
    const result = sent[0]!.result as JsonObject
    expect(errorsOf('McpUiInitializeResult', result)).toEqual([])
    expect((result.hostCapabilities as JsonObject).downloadFile).toEqual({})
    const params = { contents: [{ type: 'resource', resource: { uri: 'file:///export.json', mimeType: 'application/json', text: '{}' } }] }
    expect(errorsOf('McpUiDownloadFileRequest', { method: 'ui/download-file', params })).toEqual([])
    for (const id of [1, 2]) {
      agree = id === 1
      bridge.receive({ jsonrpc: '2.0', id, method: 'ui/download-file', params })
      await new Promise((resolve) => setTimeout(resolve, 0))
      const answer = sent.find((message) => message.id === id)!
      expect(() => parseJSONRPCMessage(answer)).not.toThrow()
      expect(errorsOf('McpUiDownloadFileResult', answer.result)).toEqual([])
    }
    expect(sent.filter((message) => message.id === 1 || message.id === 2).map((message) => message.result)).toEqual([{}, { isError: true }])
  })

  it('with SEP-3118 on, the only difference from the 2026-01-26 schema is hostCapabilities.elicitation', () => {
    const { sent, initialize } = everything({ elicitation: true })
    initialize()
    const result = sent[0]!.result as JsonObject
    expect(errorsOf('McpUiInitializeResult', result)).toEqual([`/hostCapabilities must NOT have additional properties {"additionalProperty":"elicitation"}`])
    const { elicitation, ...rest } = result.hostCapabilities as JsonObject
    expect(elicitation).toEqual({})
    expect(errorsOf('McpUiInitializeResult', { ...result, hostCapabilities: rest })).toEqual([])
  })

  it('tool input, partial input, result, cancellation and context changes are the schema messages', () => {
    const { bridge, sent, initialize } = everything()
    initialize()
    bridge.sendToolInputPartial({ flight: 'BA' })
    bridge.sendToolInput({ flight: 'BA117' })
    bridge.sendToolResult({
      content: [{ type: 'text', text: 'Seat 4A is free.' }],
      structuredContent: { seats: ['4A'] },
      _meta: { source: 'oracle' },
      resultType: 'complete',
    })
    bridge.sendToolCancelled('The person stopped the call.')
    bridge.sendToolCancelled()
    bridge.setHostContext({ theme: 'dark', displayMode: 'fullscreen', containerDimensions: { maxHeight: 500, width: 320 } })
    const definitionOf: Record<string, string> = {
      'ui/notifications/tool-input-partial': 'McpUiToolInputPartialNotification',
      'ui/notifications/tool-input': 'McpUiToolInputNotification',
      'ui/notifications/tool-result': 'McpUiToolResultNotification',
      'ui/notifications/tool-cancelled': 'McpUiToolCancelledNotification',
      'ui/notifications/host-context-changed': 'McpUiHostContextChangedNotification',
    }
    const notifications = sent.slice(1)
    expect(notifications.map((message) => message.method)).toEqual([
      'ui/notifications/tool-input-partial',
      'ui/notifications/tool-input',
      'ui/notifications/tool-result',
      'ui/notifications/tool-cancelled',
      'ui/notifications/tool-cancelled',
      'ui/notifications/host-context-changed',
    ])
    for (const message of notifications) {
      expect(() => parseJSONRPCMessage(message)).not.toThrow()
      expect({ method: message.method, errors: errorsOf(definitionOf[message.method as string]!, withoutEnvelope(message)) }).toEqual({ method: message.method, errors: [] })
    }
  })

  it('the notifications queued before initialized are the same valid messages', () => {
    const { bridge, sent, initialize } = everything()
    bridge.sendToolInput({ flight: 'BA117' })
    bridge.sendToolResult({ content: [], isError: true })
    bridge.receive({ jsonrpc: '2.0', id: 0, method: 'ui/initialize', params: { appInfo: { name: 'v', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } })
    bridge.setHostContext({ locale: 'ja-JP' })
    bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    expect(sent.slice(1).map((message) => [message.method, errorsOf(message.method === 'ui/notifications/tool-input' ? 'McpUiToolInputNotification' : message.method === 'ui/notifications/tool-result' ? 'McpUiToolResultNotification' : 'McpUiHostContextChangedNotification', withoutEnvelope(message))])).toEqual([
      ['ui/notifications/host-context-changed', []],
      ['ui/notifications/tool-input', []],
      ['ui/notifications/tool-result', []],
    ])
  })

  it('ui/resource-teardown is a valid McpUiResourceTeardownRequest', async () => {
    const { bridge, sent, initialize } = everything()
    initialize()
    const done = bridge.teardown()
    const request = sent.at(-1)!
    expect(() => parseJSONRPCMessage(request)).not.toThrow()
    expect(errorsOf('McpUiResourceTeardownRequest', withoutEnvelope(request))).toEqual([])
    bridge.receive({ jsonrpc: '2.0', id: request.id, result: {} })
    await done
  })

  it('the display-mode answer is a valid McpUiRequestDisplayModeResult and answers are JSON-RPC responses', async () => {
    const { bridge, sent, initialize } = everything({ displayModes: ['inline', 'fullscreen'] })
    initialize({ availableDisplayModes: ['inline', 'fullscreen'] })
    bridge.receive({ jsonrpc: '2.0', id: 'm', method: 'ui/request-display-mode', params: { mode: 'fullscreen' } })
    bridge.receive({ jsonrpc: '2.0', id: 'x', method: 'nope/nothing', params: {} })
    await new Promise((resolve) => setTimeout(resolve, 0))
    const answers = sent.filter((message) => message.id === 'm' || message.id === 'x')
    expect(answers).toHaveLength(2)
    for (const answer of answers) expect(() => parseJSONRPCMessage(answer)).not.toThrow()
    expect(errorsOf('McpUiRequestDisplayModeResult', answers.find((answer) => answer.id === 'm')!.result)).toEqual([])
  })

  it('SEP-3118: the forwarded elicitation/create is the official SDK ElicitRequest, byte for byte the question', async () => {
    const { bridge, sent, initialize } = everything({ elicitation: true })
    initialize({ elicitation: {} })
    const question = {
      mode: 'form',
      message: 'Pick a seat',
      requestedSchema: { type: 'object', properties: { seat: { type: 'string', title: 'Seat' } }, required: ['seat'] },
      _meta: { ui: { resourceUri: 'ui://flights/seat-map' } },
    }
    const answer = bridge.elicit(question)
    await new Promise((resolve) => setTimeout(resolve, 0))
    const request = sent.at(-1)!
    expect(() => parseJSONRPCMessage(request)).not.toThrow()
    expect(ElicitRequestSchema.safeParse(withoutEnvelope(request)).success).toBe(true)
    expect(JSON.stringify(request.params)).toBe(JSON.stringify(question))
    bridge.receive({ jsonrpc: '2.0', id: request.id, result: { action: 'decline' } })
    await expect(answer).resolves.toEqual({ action: 'decline' })
  })
})
