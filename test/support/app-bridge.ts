/**
 * An `AppBridge` driven as a view would drive it, with plain message
 * objects: what it posts back, what it warns about and the errors it gives
 * the host are recorded; `initialized: true` runs the handshake first.
 */
import type { JsonObject } from '../../src/core/index.js'
import { AppBridge } from '../../src/apps/bridge.js'
import type { AppBridgeOptions } from '../../src/apps/bridge-options.js'
import type { McpAppError } from '../../src/apps/errors.js'

export function bridgeHarness(options: Omit<AppBridgeOptions, 'post'> = {}) {
  const sent: JsonObject[] = []
  const warnings: string[] = []
  const errors: McpAppError[] = []
  const bridge = new AppBridge({ onWarning: (message) => warnings.push(message), onError: (error) => errors.push(error), ...options, post: (message) => sent.push(message) })
  bridge.receive({ jsonrpc: '2.0', id: 'init', method: 'ui/initialize', params: { appInfo: { name: 'view', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } })
  bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} })
  const request = (id: number | string, method: string, params: unknown = {}) => bridge.receive({ jsonrpc: '2.0', id, method, params })
  const answerTo = (id: number | string) => sent.find((message) => message.id === id && !('method' in message))
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { bridge, sent, warnings, errors, request, answerTo, settle }
}
