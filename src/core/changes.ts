/**
 * What a change notification means, and what watchers ask for: what the
 * listener (subscriptions.ts, loaded with the first `watch()`) and a legacy
 * session (whose GET stream carries changes whether anyone watches or not,
 * and they make cached lists stale) share. Both load on demand, and so does
 * this: a modern client hears of changes only through the listener.
 */
import type { JsonRpcNotification } from './types.js'

/** What a watcher wants to hear about. */
export interface ChangeFilter {
  tools?: boolean | undefined
  prompts?: boolean | undefined
  resources?: boolean | undefined
  /** Resources whose content updates are wanted, by URI. */
  resourceUris?: readonly string[] | undefined
}

export type McpChange =
  | { type: 'tools_changed' }
  | { type: 'prompts_changed' }
  | { type: 'resources_changed' }
  | { type: 'resource_updated'; uri: string }

/** The change a notification stands for, when it is one. */
export function changeOf(notification: JsonRpcNotification): McpChange | undefined {
  switch (notification.method) {
    case 'notifications/tools/list_changed':
      return { type: 'tools_changed' }
    case 'notifications/prompts/list_changed':
      return { type: 'prompts_changed' }
    case 'notifications/resources/list_changed':
      return { type: 'resources_changed' }
    case 'notifications/resources/updated': {
      const uri = notification.params?.uri
      return typeof uri === 'string' ? { type: 'resource_updated', uri } : undefined
    }
    default:
      return undefined
  }
}
