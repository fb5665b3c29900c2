/**
 * `McpNotResumableError`, of the family in errors.ts, in a module of its own:
 * a page meets it only after a reload of a stored 2025-11-25 call, so it
 * loads with the round writer (call-writer.ts), which makes it, and not
 * with every page that observes a call. Exported from the core's index with
 * the rest of the family.
 */
import { displayText } from './server-values.js'
import { McpError, guard, type ErrorDetails } from './errors.js'

/**
 * A call kept in storage could not be resumed after a reload: its server
 * (2025-11-25) held the open question in its session and the HTTP request
 * the page lost. The message says so with the last question and the answers
 * given; `retry()` runs the call again from the start.
 */
export class McpNotResumableError extends McpError {
  override name = 'McpNotResumableError'
  declare readonly code: 'NOT_RESUMABLE'
  /** The questions that were open, as the server asked them. */
  readonly questions: ReadonlyArray<{ key: string; method: string; params: Record<string, unknown> }>
  /** What the person had answered by then, by key. */
  readonly answers: Readonly<Record<string, unknown>>
  constructor(questions: ReadonlyArray<{ key: string; method: string; params: Record<string, unknown> }>, answers: Readonly<Record<string, unknown>>, details: ErrorDetails = {}) {
    const asked = questions.map((q) => displayText(q.params.message, q.method)).filter(Boolean)
    const given = Object.entries(answers).map(([key, answer]) => `${key}: ${displayText((answer as { content?: unknown; action?: unknown }).content ?? (answer as { action?: unknown }).action)}`)
    super(
      'NOT_RESUMABLE',
      `This call could not be resumed after the page reloaded (nor on another device): its server (2025-11-25) keeps the open question in its session, with the page that started the call.${asked.length ? ` Last question: ${asked.map((a) => `“${a}”`).join(' ')}.` : ''}${given.length ? ` Your answers: ${given.join('; ')}.` : ''} Run it again to start over.`,
      { ...details, data: { questions, answers } },
    )
    this.questions = questions
    this.answers = answers
  }
}

export const isMcpNotResumableError = guard(McpNotResumableError, 'McpNotResumableError')
