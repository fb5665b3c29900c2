/**
 * What every MCP tool part of one registration shares: the client and
 * sign-in the calls go through, the call options, and the calls an
 * `execute` is running (with their observers: live-calls.ts). Kept in one
 * mutable holder the parts read at render time, so a new option does not
 * re-register every tool UI.
 */
import type { ErrorInfo } from 'react'
import type { ValidatorType } from '@rjsf/utils'
import type { CallObserverOptions, CallStorage, McpClient } from '../core/index.js'
import { defaultCallStorage } from '../stores/index.js'
import type { ElicitationFormTheme, Messages } from '../forms/index.js'
import type { SignInStore } from '../react/index.js'
import type { AskBeforeRunning } from '../chat/tool-approval.js'
import type { ExecuteRuns } from './execute.js'

/** Options of the MCP tools' calls and of the forms their questions show. */
export interface McpAssistantToolOptions {
  /**
   * Who runs a call the model made:
   * - `'tool-ui'`: the tool part runs it (`McpToolCall`: questions, consents,
   *   sign-in, progress, tasks, Stop) and hands the result over with
   *   `addResult`. Works in every runtime that takes tool results, and is
   *   the only way under `useLocalRuntime`, which runs no frontend tool.
   * - `'execute'`: for runtimes that run frontend tools (the AI SDK runtime,
   *   assistant-transport, the external-store runtime with
   *   `unstable_enableToolInvocations`): the tool's `execute` runs the call
   *   and asks each round through `human()`; the part shows the round and
   *   answers with `resume`, and while the call runs its progress and a
   *   task's status; the thread's Stop aborts the call.
   * The tools get an `execute` only in `'execute'` mode, so a runtime can
   * never run a call the part runs too.
   * @defaultValue `'tool-ui'`
   */
  runCalls?: 'tool-ui' | 'execute' | undefined
  /**
   * Which calls the model makes wait for the person's Run, on a card in the
   * tool part ("Run <tool> on <host>? Run / Don't run"): by default those of
   * tools the server marks `destructiveHint: true`. The hints are the
   * server's, never guarantees: see `AskBeforeRunning`. `'never'` turns
   * asking off. @defaultValue `'destructive'`
   */
  askBeforeRunning?: AskBeforeRunning | undefined
  /**
   * Where the call is kept under its `toolCallId` (its open round, that it
   * started, its result for the store's time-to-live): a reload, another tab
   * or, with `remoteCallStorage()`, another device resumes it or shows its
   * result rather than running it again. `null` keeps nothing.
   * @defaultValue `defaultCallStorage()` of `mcp-elicit/stores` (IndexedDB, else sessionStorage)
   */
  storage?: CallStorage | null | undefined
  /** Options of every call (`maxRounds`, host handlers that answer without asking). `storage` and `storageKey` are set here. */
  callOptions?: Omit<CallObserverOptions, 'storage' | 'storageKey'> | undefined
  /** Produces sampling answers after the person approved (not called without approval). */
  onSampling?: CallObserverOptions['onSampling']
  /** Roots to share after the person approved. */
  roots?: CallObserverOptions['roots']
  /** The rjsf validator for every form. @defaultValue the no-eval validator (see `chooseValidator`) */
  validator?: ValidatorType | undefined
  /** An rjsf theme for every form. */
  theme?: ElicitationFormTheme | undefined
  /** Replacement texts (i18n). */
  messages?: Partial<Messages> | undefined
  /** Told when a card or a result failed to render. */
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
  /**
   * Tool names the server's tools must not take, beyond those the runtime's
   * model context shows (found by itself): tools registered where this
   * cannot see them, such as on the runtime directly. A clashing tool is
   * offered with a `_2` suffix (`renamed`).
   */
  reserved?: readonly string[] | undefined
}

export interface PartSettings {
  client: McpClient
  signIn: SignInStore | undefined
  options: McpAssistantToolOptions
  runs: ExecuteRuns
}

/**
 * The call observer's options: `callOptions` and the storage. `onSampling`
 * and `roots` stay out: given to the observer they would answer without
 * asking; they go to the questions' cards, used once the person approved.
 */
export function observerOptions(options: McpAssistantToolOptions): CallObserverOptions {
  const storage = options.storage === undefined ? defaultCallStorage() : (options.storage ?? undefined)
  return storage ? { ...options.callOptions, storage } : { ...options.callOptions }
}
