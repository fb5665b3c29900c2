/**
 * What a model is told of a failed MCP call, in both adapters. Not the
 * error's `message`: that names the endpoint (`(tools/call https://…)`),
 * and the conversation hands it to the model provider and to the route's
 * logs on every later turn, so a URL with `?api_key=…` would go with it;
 * and it holds the server's message whole, so a 3 MB one made every later
 * request 3 MB. The model gets the error's kind in our own words and, where
 * the server said something (a JSON-RPC error's message, an HTTP error's
 * body, a task's status, an authorization server's description), that text
 * cleaned of control and bidi characters, with the endpoint's query values,
 * userinfo and fragment taken out wherever they appear and every URL in it
 * cut to its scheme, host and path (the core's `redactText`, as in the
 * messages shown to people), and clipped to {@link MAX_MODEL_ERROR_LENGTH}
 * characters. Never a URL of ours.
 *
 * Read structurally (by `name` and fields), not with the core's guards: an
 * error may come from another copy of the library, and the task error's
 * class loads only with tasks.
 */
import { redactText } from '../core/index.js'
import { cleanText, isObject } from './json.js'

/** Characters of a server's own message the model gets at most. */
export const MAX_MODEL_ERROR_LENGTH = 4000

/** Our words for each kind of failure, by the error's `code`. */
const KINDS: Record<string, string> = {
  HTTP_ERROR: 'The MCP server answered with an HTTP error',
  NETWORK_ERROR: 'The MCP server could not be reached',
  BAD_RESPONSE: 'The MCP server answered with something that is not a valid MCP response',
  STREAM_ENDED: "The MCP server's stream ended before its answer",
  CANCELLED: 'The call was cancelled',
  TIMEOUT: 'The call timed out',
  INPUT_ROUNDS_EXCEEDED: 'The MCP server kept asking for input past the limit of rounds',
  INPUT_UNAVAILABLE: 'The MCP server asked for input this page cannot give',
  SESSION_FAILED: 'No session could be opened with the MCP server',
  INVALID_ARGUMENT: 'The call could not be sent as asked',
  REDIRECT_REFUSED: 'The MCP server redirected the call elsewhere, which is not followed',
  RESPONSE_TOO_LARGE: "The MCP server's answer was too large to read",
  UNSUPPORTED_RESULT: 'The MCP server answered with a kind of result this client does not take',
  NOT_RESUMABLE: 'The call could not be resumed after the page was reloaded',
  TASK_ENDED: "The MCP server's task ended without a result",
}

/** A sentence for the model about `error` (any value: what a call's observer holds, what a runtime caught). */
export function mcpErrorForModel(error: unknown): string {
  const fields = isObject(error) || error instanceof Error ? (error as unknown as Record<string, unknown>) : {}
  const { code, status } = fields
  let kind: string
  if (typeof code === 'number') kind = `The MCP server answered with error ${code}`
  else if (typeof code === 'string' && code.startsWith('AUTH_')) kind = `Signing in to the MCP server failed (${code.slice(0, 64)})`
  else kind = (typeof code === 'string' && Object.hasOwn(KINDS, code) ? KINDS[code] : undefined) ?? 'The call failed'
  if (code === 'HTTP_ERROR' && typeof status === 'number') kind += ` (${status})`
  const said = serverText(fields, typeof fields.url === 'string' ? fields.url : undefined)
  return said === undefined ? `${kind}.` : `${kind}: ${said}`
}

/** What the server itself said, cleaned; undefined when it said nothing we pass on. */
function serverText(fields: Record<string, unknown>, url: string | undefined): string | undefined {
  const text = [fields.rpcMessage, fields.code === 'HTTP_ERROR' ? fields.body : undefined, fields.statusMessage, fields.description].find((value) => typeof value === 'string' && value.trim() !== '')
  if (typeof text !== 'string') return undefined
  // Clipped first, so the work below is bounded whatever the server sent (a 3 MB message).
  const clipped = text.slice(0, MAX_MODEL_ERROR_LENGTH * 2)
  return cleanText(redactText(clipped, url), MAX_MODEL_ERROR_LENGTH)
}
