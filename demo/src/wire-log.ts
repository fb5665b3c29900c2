/**
 * A fetch that records every exchange for the page's wire log. It wraps the
 * real fetch the client is given; bodies are read from clones so the client's
 * own reading (streams included) is untouched. The log's view is
 * wire-log-view.tsx.
 */
import type { AuthEvent } from 'mcp-elicit/auth'

export interface WireEntry {
  id: number
  at: number
  method: string
  mcpMethod: string | null
  status: number | null
  contentType: string | null
  request: string
  response: string
}

type Listener = (entries: readonly WireEntry[]) => void

export type WireLog = ReturnType<typeof createWireLog>

/** One line of the sign-in timeline for the wire log: the step and who, never a token. */
export function describeAuth(event: AuthEvent): string {
  const who = event.issuer ? ` at ${event.issuer}` : ''
  const scopes = event.scopes && event.scopes.length > 0 ? ` [${event.scopes.join(' ')}]` : ''
  const error = event.error instanceof Error ? `: ${event.error.message}` : ''
  return `${event.step}${who}${scopes} for ${event.endpoint}${error}`
}

/**
 * requestState is opaque and not for display: the log shows only that one went by. A file (SEP-2356
 * data: URI, in an answer or a result's image) is the person's bytes: shown as its type and size
 * ("MUST redact them (e.g., to data:<type>;base64,[<n> bytes])", SEP-2356 §Logging and telemetry).
 */
function redact(text: string): string {
  return text
    .replace(/("requestState"\s*:\s*)"(?:[^"\\]|\\.)*"/g, (_match, key: string) => `${key}"[opaque requestState]"`)
    .replace(/(data:[^",;]{0,100}(?:;[^",;]{0,100})*;base64,)([A-Za-z0-9+/=]{256,})/gi, (_match, head: string, data: string) => `${head}[${base64Bytes(data)} bytes]`)
    .replace(/("data"\s*:\s*")([A-Za-z0-9+/=]{256,})"/g, (_match, key: string, data: string) => `${key}[${base64Bytes(data)} bytes of base64]"`)
}

const base64Bytes = (data: string) => Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0)

export function createWireLog(limit = 200) {
  let entries: WireEntry[] = []
  let next = 0
  const listeners = new Set<Listener>()
  const emit = () => listeners.forEach((listener) => listener(entries))
  const update = (id: number, patch: Partial<WireEntry>) => {
    entries = entries.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry))
    emit()
  }

  const fetchWithLog: typeof fetch = async (input, init = {}) => {
    const id = ++next
    const headers = new Headers(init.headers)
    entries = [
      ...entries.slice(-(limit - 1)),
      {
        id,
        at: Date.now(),
        method: init.method ?? 'GET',
        mcpMethod: headers.get('mcp-method'),
        status: null,
        contentType: null,
        request: typeof init.body === 'string' ? redact(init.body) : '',
        response: '',
      },
    ]
    emit()
    try {
      const response = await fetch(input, init)
      update(id, { status: response.status, contentType: response.headers.get('content-type') })
      response
        .clone()
        .text()
        .then((text) => update(id, { response: redact(text) }), () => update(id, { response: '(stream closed)' }))
      return response
    } catch (error) {
      update(id, { response: `(failed: ${error instanceof Error ? error.message : String(error)})` })
      throw error
    }
  }

  /** A line of the sign-in timeline (never a token, a code or a secret: the events carry none). */
  const note = (method: string, text: string) => {
    entries = [...entries.slice(-(limit - 1)), { id: ++next, at: Date.now(), method, mcpMethod: null, status: null, contentType: null, request: text, response: '' }]
    emit()
  }

  return {
    fetch: fetchWithLog,
    note,
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    entries: () => entries,
    clear() {
      entries = []
      emit()
    },
  }
}
