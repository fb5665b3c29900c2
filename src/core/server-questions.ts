/**
 * Questions a server of a set asks outside any call: what a 2025-11-25
 * server pushes on its session's GET stream while no call of this page can
 * claim it (a form, a URL consent, a sampling or roots request). A call's
 * own questions show in its tool part; these have no part, so the set keeps
 * them here, one entry per round, each naming its server, for the page to
 * show with the same cards (`<McpServerQuestions>` in `mcp-elicit/forms`).
 * An external store (`subscribe` / `getSnapshot`), like the call observer:
 * the page answers with `respond`, and the server gets the answers once
 * every question of the round has one.
 */
import type { PendingInput } from './call-state.js'
import { notify } from './listeners.js'
import type { InputContext, InputHandler } from './client-options.js'
import type { InputResponse, InputResponses } from './types.js'

/** One round of questions a server asked outside any call. */
export interface McpServerQuestion {
  /** Unique on the page (a key for the UI). */
  id: string
  /** The set's id of the server that asks. */
  serverId: string
  /** Its display name (the host's). */
  serverName: string
  round: number
  /** The questions, answered ones marked (`answered`, `response`). */
  inputs: readonly PendingInput[]
  /** Answers one question; the server gets the round's answers once every question has one. */
  respond(key: string, response: InputResponse): void
  /** Cancels every open question of the round (`{ action: 'cancel' }`: elicitations cancelled, sampling and roots refused). */
  dismiss(): void
}

/** The questions asked outside any call, by the servers of one set. */
export class ServerQuestions {
  #questions: readonly McpServerQuestion[] = []
  #listeners = new Set<() => void>()
  #count = 0

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** The open rounds, oldest first: one array while nothing changes. */
  getSnapshot = (): readonly McpServerQuestion[] => this.#questions

  #emit(): void {
    notify(this.#listeners)
  }

  #replace(id: string, next: McpServerQuestion | undefined): void {
    this.#questions = next ? this.#questions.map((question) => (question.id === id ? next : question)) : this.#questions.filter((question) => question.id !== id)
    this.#emit()
  }

  /** The client-level input handler for one server: each round waits here until answered, or until the server gives it up. */
  handlerFor(server: { id: string; name: string; url: string }): InputHandler {
    return (requests, context: InputContext) =>
      new Promise<InputResponses>((resolve, reject) => {
        const id = `${server.id}:${++this.#count}`
        const inputs: PendingInput[] = Object.entries(requests).map(([key, request]) => ({
          key,
          method: request.method,
          params: request.params ?? {},
          era: context.era,
          server: context.serverInfo,
          url: server.url,
          answered: false,
        }))
        const settle = () => {
          context.signal.removeEventListener('abort', gone)
          this.#replace(id, undefined)
        }
        // The server gave up (its stream closed, the set was disposed): the question leaves the page.
        const gone = () => {
          settle()
          reject(context.signal.reason)
        }
        const make = (current: readonly PendingInput[]): McpServerQuestion => ({
          id,
          serverId: server.id,
          serverName: server.name,
          round: context.round,
          inputs: current,
          respond: (key, response) => {
            const now = this.#questions.find((question) => question.id === id)
            if (!now || !now.inputs.some((input) => input.key === key && !input.answered)) return
            const answered = now.inputs.map((input) => (input.key === key ? { ...input, answered: true, response } : input))
            if (answered.every((input) => input.answered)) {
              settle()
              resolve(Object.fromEntries(answered.map((input) => [input.key, input.response!])))
            } else this.#replace(id, make(answered))
          },
          dismiss: () => {
            const now = this.#questions.find((question) => question.id === id)
            if (!now) return
            settle()
            resolve(Object.fromEntries(now.inputs.map((input) => [input.key, input.answered ? input.response! : { action: 'cancel' }])))
          },
        })
        if (context.signal.aborted) return reject(context.signal.reason)
        context.signal.addEventListener('abort', gone, { once: true })
        this.#questions = [...this.#questions, make(inputs)]
        this.#emit()
      })
  }

  /** Gives up every open round (the set is disposed). */
  dismissAll(): void {
    for (const question of this.#questions) question.dismiss()
  }
}
