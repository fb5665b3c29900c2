/**
 * The `ui://demo/…` view resources, registered with ext-apps' own
 * `registerAppResource` (MIME type `text/html;profile=mcp-app`) on a server
 * of either era: the v1 SDK's `registerResource` has the same call shape, so
 * the legacy server passes its McpServer as it is.
 *
 * The seat map's listing says `prefersBorder: false` and its content item
 * `true` (the item wins); the issue form says it in the listing only (the
 * host falls back to it). No `csp`: these views fetch nothing.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { RESOURCE_MIME_TYPE, registerAppResource } from '@modelcontextprotocol/ext-apps/server'
import type { McpServer } from '@modelcontextprotocol/server'

import { appViewHtml } from '../app-views.ts'
import type { AppViewName } from '../app-views.ts'
import { BROKEN_ISSUE_FORM_URI, ISSUE_FORM_URI, SEAT_MAP_URI } from './app-flows.ts'

/** What `registerAppResource` needs of a server; the legacy (v1) McpServer has it too. */
export type ResourceServer = Pick<McpServer, 'registerResource'>

/** A read callback that serves one view's document. */
export function viewReader(name: AppViewName, uri: string, itemUi?: Record<string, unknown>, broken = false) {
  return async () => ({
    contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, text: await appViewHtml(name, { broken }), ...(itemUi && { _meta: { ui: itemUi } }) }],
  })
}

export function registerAppViews(server: ResourceServer): void {
  registerAppResource(
    server,
    'Seat map view',
    SEAT_MAP_URI,
    { description: 'The seat map of seat_map: pick a seat, hold it, tell the assistant.', _meta: { ui: { prefersBorder: false } } },
    viewReader('seat-map', SEAT_MAP_URI, { prefersBorder: true }),
  )
  registerAppResource(
    server,
    'Issue form view',
    ISSUE_FORM_URI,
    { description: "file_issue's own form for its question (SEP-3118).", _meta: { ui: { prefersBorder: true } } },
    viewReader('issue-form', ISSUE_FORM_URI),
  )
  registerAppResource(
    server,
    'Issue form view (broken)',
    BROKEN_ISSUE_FORM_URI,
    { description: 'The issue form, told to throw before it connects: the host must fall back to its native form.' },
    viewReader('issue-form', BROKEN_ISSUE_FORM_URI, undefined, true),
  )
}
