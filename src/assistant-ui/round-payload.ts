/**
 * What crosses assistant-ui's human-in-the-loop seam for one MCP input
 * round: `execute` calls `human(payload)` with the round's open questions,
 * assistant-ui puts it on the tool part as `interrupt.payload` (and may
 * store it with the thread), and the tool UI calls `resume(answers)` with
 * one answer per question key. Both sides are plain JSON.
 */
import type { InputResponse, PendingInput } from '../core/index.js'
import { McpAssistantUiError } from './errors.js'

/** Marks a payload as ours among other tools' interrupts. */
export const ROUND_PAYLOAD_TYPE = 'mcp-elicit/input-round'

/** The `human()` payload of one input round. */
export interface McpRoundPayload {
  type: typeof ROUND_PAYLOAD_TYPE
  /** The MCP tool asking (the server's name, not assistant-ui's). */
  tool: string
  /** 1 for the first round. */
  round: number
  /** The round's questions still open. */
  inputs: readonly PendingInput[]
}

/** The `resume()` payload: one answer per question key. */
export type McpRoundAnswers = Record<string, InputResponse>

export function isMcpRoundPayload(payload: unknown): payload is McpRoundPayload {
  if (typeof payload !== 'object' || payload === null) return false
  const value = payload as Partial<McpRoundPayload>
  return value.type === ROUND_PAYLOAD_TYPE && typeof value.round === 'number' && Array.isArray(value.inputs)
}

/**
 * The answers a `resume()` brought, checked: an object whose values are
 * objects, and only for keys the round asked. Anything else is a typed
 * error rather than a wrong answer sent to the server.
 */
export function readRoundAnswers(value: unknown, asked: readonly string[]): McpRoundAnswers {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new McpAssistantUiError('INVALID_ANSWER', 'mcp-elicit/assistant-ui: resume() for an MCP input round takes an object of answers by question key.')
  }
  const answers: McpRoundAnswers = {}
  for (const key of asked) {
    if (!Object.hasOwn(value, key)) continue
    const answer = (value as Record<string, unknown>)[key]
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
      throw new McpAssistantUiError('INVALID_ANSWER', `mcp-elicit/assistant-ui: the answer to "${key.slice(0, 100)}" is not an object.`)
    }
    // The key is the server's: `answers[key] = …` with `__proto__` would set the prototype, not an answer.
    Object.defineProperty(answers, key, { value: answer, enumerable: true, writable: true, configurable: true })
  }
  return answers
}

/** Marks the question asked before a call the host's policy asks about (`askBeforeRunning`), in runtimes that run `execute`. */
export const RUN_APPROVAL_TYPE = 'mcp-elicit/run-approval'

/** The `human()` payload asking whether to run a call at all; `resume({ run: true })` runs it. */
export interface McpRunApprovalPayload {
  type: typeof RUN_APPROVAL_TYPE
  /** The MCP tool (the server's name). */
  tool: string
}

export function isMcpRunApprovalPayload(payload: unknown): payload is McpRunApprovalPayload {
  return typeof payload === 'object' && payload !== null && (payload as { type?: unknown }).type === RUN_APPROVAL_TYPE
}

/** Whether a `resume()` for a run approval said Run: only `{ run: true }` does (anything else is a no). */
export function approvedRun(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { run?: unknown }).run === true
}
