/**
 * Live data for `subscriptions/listen`: the resource `demo://notes`, which
 * `add_note` appends to and `clear_notes` empties (the demo's one tool
 * marked `destructiveHint`: the chat adapters ask before the model runs
 * it), and `bonus_tool`, which `toggle_bonus_tool` adds to or removes from
 * the tool list. Each change is published through the
 * handler's notifier, so open listen streams get
 * `notifications/resources/updated` and `notifications/tools/list_changed`.
 *
 * The state outlives the per-request server instances: make one `LiveState`
 * per server start and register it on every instance.
 */
import type { McpServer, ServerNotifier } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { text } from '../kit.ts'

export const NOTES_URI = 'demo://notes'

/** The newest notes kept: a long-running demo must not grow without bound. */
const MAX_NOTES = 50

export interface LiveState {
  notes: string[]
  bonus: boolean
}

export function createLiveState(): LiveState {
  return { notes: [], bonus: false }
}

export interface LiveNotesOptions {
  state: LiveState
  notify: ServerNotifier
  record(tool: string, data: unknown): void
}

export function registerLiveNotes(server: McpServer, { state, notify, record }: LiveNotesOptions): void {
  server.registerResource(
    'notes',
    NOTES_URI,
    {
      title: 'Demo notes',
      description: 'The notes add_note appended, one a line; subscribe to hear when they change.',
      mimeType: 'text/plain',
      // The notes change with every add_note: never cache them.
      cacheHint: { ttlMs: 0, cacheScope: 'private' },
    },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: state.notes.length === 0 ? '(no notes yet)' : state.notes.map((note, i) => `${i + 1}. ${note}`).join('\n') }],
    }),
  )

  server.registerTool(
    'add_note',
    {
      title: 'Add a note',
      description: 'Appends a note to demo://notes; listeners subscribed to it hear of the change.',
      inputSchema: z.object({ text: z.string().min(1).max(200).describe('The note (1 to 200 characters).') }),
    },
    async ({ text: note }) => {
      state.notes = [...state.notes, note].slice(-MAX_NOTES)
      record('add_note', { text: note, count: state.notes.length })
      notify.resourceUpdated(NOTES_URI)
      return text(`add_note: ${state.notes.length} note${state.notes.length === 1 ? '' : 's'}`)
    },
  )

  server.registerTool(
    'clear_notes',
    {
      title: 'Clear the notes',
      description: 'Deletes every note of demo://notes.',
      annotations: { destructiveHint: true, idempotentHint: true, readOnlyHint: false },
    },
    async () => {
      const count = state.notes.length
      state.notes = []
      record('clear_notes', { count })
      notify.resourceUpdated(NOTES_URI)
      return text(`clear_notes: ${count} note${count === 1 ? '' : 's'} deleted`)
    },
  )

  server.registerTool(
    'toggle_bonus_tool',
    { title: 'Toggle the bonus tool', description: 'Adds bonus_tool to the tool list, or removes it; listeners hear that the list changed.' },
    async () => {
      state.bonus = !state.bonus
      record('toggle_bonus_tool', { bonus: state.bonus })
      notify.toolsChanged()
      return text(`toggle_bonus_tool: bonus_tool ${state.bonus ? 'added' : 'removed'}`)
    },
  )

  if (state.bonus) {
    server.registerTool('bonus_tool', { title: 'Bonus tool', description: 'Listed only while toggle_bonus_tool has it on.' }, async () => {
      record('bonus_tool', {})
      return text('bonus_tool: here')
    })
  }
}
