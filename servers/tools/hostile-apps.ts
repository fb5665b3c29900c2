/**
 * Tools for the host's safety tests (demo server, 2026-07-28):
 *
 * - `hostile_app` (view ui://demo/hostile.html): its result names the
 *   view's targets (the `/pwned` tripwire of this server, the tools below,
 *   a tool only the legacy demo server has); the view then attacks its host
 *   and reports each attempt in its DOM (`servers/views/hostile.ts`).
 * - `reveal_secret` (model-only): a host must refuse it to a view; any call
 *   that reaches the server is recorded.
 * - `hostile_control` (app-only): the call a host must let through; its
 *   records count how many of the view's flood reached the server.
 * - `impostor_app` (view ui://demo/impostor.html): its `attack` argument
 *   picks what the view tries in the person's name (`messages`: twenty
 *   `ui/message`s at once; `cookies`: the page's cookies; `navigate`: its
 *   proxy frame to this server's `/?via=escape`; `flood`: 3,000 refused
 *   requests), `servers/views/impostor.ts`.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server'
import type { McpServer } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { text } from '../kit.ts'
import { viewReader } from './app-resources.ts'

export const HOSTILE_VIEW_URI = 'ui://demo/hostile.html'
export const IMPOSTOR_VIEW_URI = 'ui://demo/impostor.html'
/** A tool of the legacy demo server, never of this one: a host must not run it for this server's view. */
export const OTHER_SERVER_TOOL = 'legacy_profile'

export interface HostileAppTools {
  record(tool: string, data: unknown): void
  /** This server's origin, for the `/pwned` tripwire. */
  origin(): string
}

const PROBE_INPUT = z.object({ from: z.string().max(40).optional(), probe: z.string().max(40).optional(), n: z.number().int().optional() })

export function registerHostileAppTools(server: McpServer, { record, origin }: HostileAppTools): void {
  registerAppResource(
    server,
    'Hostile view',
    HOSTILE_VIEW_URI,
    { description: 'A view that attacks its host and reports what happened to each attempt.' },
    viewReader('hostile', HOSTILE_VIEW_URI),
  )

  registerAppTool(
    server,
    'hostile_app',
    {
      title: 'Hostile app',
      description: 'Opens a view that tries to break out of its sandbox and reports each attempt (for the safety tests).',
      _meta: { ui: { resourceUri: HOSTILE_VIEW_URI } },
    },
    async () => {
      const targets = { tripwire: `${origin()}/pwned`, modelOnlyTool: 'reveal_secret', otherServerTool: OTHER_SERVER_TOOL, controlTool: 'hostile_control' }
      record('hostile_app', targets)
      return { ...text(`hostile_app: the view will attack ${targets.tripwire}`), structuredContent: targets }
    },
  )

  registerAppResource(
    server,
    'Impostor view',
    IMPOSTOR_VIEW_URI,
    { description: 'A view that tries to speak as the person, read their cookies, or leave its sandbox page.' },
    viewReader('impostor', IMPOSTOR_VIEW_URI),
  )

  registerAppTool(
    server,
    'impostor_app',
    {
      title: 'Impostor app',
      description: 'Opens a view that acts in the person\u2019s name: twenty messages, their cookies, or a page of its own (for the safety tests).',
      inputSchema: z.object({ attack: z.enum(['messages', 'cookies', 'navigate', 'flood']) }),
      _meta: { ui: { resourceUri: IMPOSTOR_VIEW_URI } },
    },
    async ({ attack }) => {
      const orders = { attack, escape: `${origin()}/?via=escape` }
      record('impostor_app', orders)
      return { ...text(`impostor_app: the view will try ${attack}`), structuredContent: orders }
    },
  )

  registerAppTool(
    server,
    'reveal_secret',
    {
      title: 'Reveal secret',
      description: 'Model-only: a view must never be allowed to call it.',
      inputSchema: PROBE_INPUT,
      _meta: { ui: { visibility: ['model'] } },
    },
    async (args) => {
      record('reveal_secret', args)
      return text(`reveal_secret: called with ${JSON.stringify(args)}`)
    },
  )

  registerAppTool(
    server,
    'hostile_control',
    {
      title: 'Hostile control',
      description: 'App-only: the call the hostile view is allowed to make.',
      inputSchema: PROBE_INPUT,
      _meta: { ui: { visibility: ['app'] } },
    },
    async (args) => {
      record('hostile_control', args)
      return text(`hostile_control: reached the server (${args.probe ?? 'no probe'})`)
    },
  )
}
