/**
 * The AI SDK chat route of the demo, as an app would write it (a Next.js
 * `POST` handler has the same body): the browser sends the conversation and
 * the MCP tool listing its own client made (`mcpChatBody`), the route turns
 * the listing into tools without `execute` (`mcpToolsForModel`) and streams
 * the model's step back as a UI message stream. The model is the scripted
 * stand-in (ai-sdk-model.ts); `streamText` and the stream are the SDK's.
 * The route never sees an MCP token and never calls an MCP server.
 *
 * `serveChatRoute` adapts it to Node's `http` for the demo stack (Vite's dev
 * server and the static server alike). The request is untrusted: a bounded
 * body, JSON, valid UI messages, a listing; anything else is a 400 with a
 * plain-text reason.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { convertToModelMessages, safeValidateUIMessages, streamText } from 'ai'
import { MCP_TOOLS_FIELD, capToolOutputs, isMcpAiSdkError, mcpToolsForModel } from '../src/ai-sdk/index.ts'
import { scriptedLanguageModel } from './ai-sdk-model.ts'

export const CHAT_ROUTE_PATH = '/api/chat'

/** A chat request's body at most: the conversation and a listing (4 MiB). */
const MAX_BODY_BYTES = 4 * 1024 * 1024

const model = scriptedLanguageModel()

const refuse = (status: number, reason: string) => new Response(reason, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })

/** Reads at most `MAX_BODY_BYTES` of the body; undefined past that. */
async function boundedText(request: Request): Promise<string | undefined> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return undefined
  const reader = request.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** `POST /api/chat`: `{ messages, mcpTools }` in, a UI message stream out. */
export async function handleChat(request: Request): Promise<Response> {
  if (request.method !== 'POST') return refuse(405, 'POST a chat request.')
  const text = await boundedText(request)
  if (text === undefined) return refuse(413, 'The chat request is too large.')
  let body: Record<string, unknown>
  try {
    body = JSON.parse(text) as Record<string, unknown>
  } catch {
    return refuse(400, 'The chat request is not JSON.')
  }
  const validated = await safeValidateUIMessages({ messages: body?.messages })
  if (!validated.success) return refuse(400, `The messages are not UI messages: ${validated.error.message}`)
  let mapped
  try {
    mapped = mcpToolsForModel(body[MCP_TOOLS_FIELD])
  } catch (error) {
    if (isMcpAiSdkError(error)) return refuse(400, error.message)
    throw error
  }
  // Tools the server marks destructive get the AI SDK's approval (askBeforeRunning, 'destructive' by default): the step ends at
  // an approval-requested part, and the browser runs the call only after the person's Run.
  const { tools } = mapped
  // A call still running in the page when the person sends another message has no output yet: leave it out
  // (providers refuse a tool call without its result); its output joins the conversation when it ends. The tool
  // outputs are capped here too, whatever the page sent: the model's input stays small.
  const messages = await convertToModelMessages(capToolOutputs(validated.data), { tools, ignoreIncompleteToolCalls: true })
  // The page's Stop (or leaving) aborts the request: the model's stream stops too, instead of running on unread.
  const result = streamText({ model, tools, messages, abortSignal: request.signal })
  return result.toUIMessageStreamResponse()
}

/** Serves {@link CHAT_ROUTE_PATH} from a Node request; false for any other path. */
export async function serveChatRoute(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  if (url.pathname !== CHAT_ROUTE_PATH) return false
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  // Node's request carries no signal: the response closing (Stop, a reload, or the stream's own end) aborts this one.
  const closed = new AbortController()
  res.on('close', () => closed.abort())
  const request = new Request(url, {
    signal: closed.signal,
    method: req.method,
    headers: Object.entries(req.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value] as [string, string]])),
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: 'half',
  } as RequestInit)
  let response: Response
  try {
    response = await handleChat(request)
  } catch {
    response = refuse(500, 'The chat route failed.')
  }
  res.writeHead(response.status, Object.fromEntries(response.headers))
  if (!response.body) {
    res.end()
    return true
  }
  const stream = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>)
  // The page went away (Stop, a reload): stop streaming to it.
  res.on('close', () => stream.destroy())
  stream.pipe(res)
  return true
}
