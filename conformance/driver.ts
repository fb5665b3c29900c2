/**
 * Conformance driver: the client under test for `conformance client`.
 *
 *   <node22> conformance/driver.ts <server-url>
 *
 * Uses only the public API of the package (self-reference through the exports
 * map, so `npm run build` must have run). It behaves like a generic, fully
 * capable client: discover the server, list its tools, call every tool with
 * arguments made from its input schema, list and fetch prompts and resources
 * when the server offers them, and answer every input request the way a
 * person accepting everything would (elicitation: accept with the schema's
 * defaults; sampling: a fixed text; roots: none).
 *
 * The protocol version is always the client's default, 'auto': the era of each
 * scenario's server is found by the client itself, never told by the driver.
 * MCP_CONFORMANCE_PROTOCOL_VERSION is deliberately not read.
 *
 * Configuration a real client would have, read from the environment:
 * - MCP_CONFORMANCE_CONTEXT (set by the suite for some scenarios): JSON; its
 *   `toolCalls` [{name, arguments}] replace the generated calls, and its
 *   `client_id`/`client_secret`/`issuer` are a client registered beforehand.
 * - MCP_ELICIT_CLIENT_METADATA_URL: this client's metadata document URL, used
 *   where an authorization server supports client ID metadata documents.
 *
 * Signing in is `mcp-elicit/auth`, as an app would use it; the one step that
 * needs a person is done as a headless user agent would: request the
 * authorization URL without following its redirect, and take the callback
 * URL from `Location`.
 * - MCP_ELICIT_DRIVER_TIMEOUT_MS: give up (exit 3) after this long.
 *
 * Exit code: 0 when everything ran, even if the server answered some call with
 * a JSON-RPC error (a server may legitimately not implement a method); 1 when
 * the client itself failed (transport, parsing, protocol handling); 3 on timeout.
 */
import { applySchemaDefaults, createClient, isMcpError, isMcpProtocolError } from 'mcp-elicit'
import type { ClientOptions, InputHandler, JsonObject, Tool } from 'mcp-elicit'
import { oauth, type AuthorizationRequest } from 'mcp-elicit/auth'

type Schema = { [key: string]: unknown }

const url = process.argv.at(-1)
if (!url || !/^https?:\/\//.test(url)) {
  console.error('usage: driver.ts <server-url>')
  process.exit(2)
}

const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? ''
const protocolVersion = 'auto'
const context = parseContext(process.env.MCP_CONFORMANCE_CONTEXT)
const timeoutMs = Number(process.env.MCP_ELICIT_DRIVER_TIMEOUT_MS) || 25_000

let step = 'start'
let failures = 0

function log(message: string): void {
  console.error(`driver: ${message}`)
}

function short(value: unknown, max = 160): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text === undefined ? String(value) : text.length > max ? `${text.slice(0, max)}…` : text
}

interface Context {
  toolCalls?: { name: string; arguments?: JsonObject }[]
  client_id?: string
  client_secret?: string
  issuer?: string
}

function parseContext(raw: string | undefined): Context {
  if (!raw) return {}
  try {
    const parsed: unknown = JSON.parse(raw)
    return typeof parsed === 'object' && parsed !== null ? (parsed as Context) : {}
  } catch {
    log(`ignoring unparsable MCP_CONFORMANCE_CONTEXT: ${short(raw)}`)
    return {}
  }
}

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// ------------------------------------------------------------ answering input

const answerInput: InputHandler = async (requests, info) => {
  const responses: Record<string, JsonObject> = {}
  for (const [key, request] of Object.entries(requests)) {
    const params: Schema = request.params ?? {}
    log(`input round ${info.round} (${info.era}): ${key} = ${request.method} ${short(params.message ?? '')}`)
    switch (request.method) {
      case 'elicitation/create':
        responses[key] = params.mode === 'url'
          ? { action: 'accept' }
          : { action: 'accept', content: applySchemaDefaults(params.requestedSchema, {}) }
        break
      case 'sampling/createMessage':
        responses[key] = {
          role: 'assistant',
          content: { type: 'text', text: 'This is a sampled answer from the mcp-elicit conformance driver.' },
          model: 'conformance-driver',
          stopReason: 'endTurn',
        }
        break
      case 'roots/list':
        responses[key] = { roots: [] }
        break
      default:
        throw new Error(`driver cannot answer input request "${request.method}"`)
    }
  }
  return responses
}

// ------------------------------------------------------------ signing in

const REDIRECT_URI = 'http://localhost:3000/callback'

/** The person's part, headless: the authorization server answers with a redirect to the callback. */
async function followAuthorization(request: AuthorizationRequest): Promise<string> {
  log(`sign-in at ${request.issuer} for ${request.resource}, scopes: ${request.scopes.join(' ') || '(none)'}${request.stepUp ? ' (step-up)' : ''}`)
  const url = await request.authorizationUrl()
  const response = await fetch(url, { redirect: 'manual', signal: request.signal })
  await response.body?.cancel().catch(() => {})
  const location = response.headers.get('location')
  if (!location) throw new Error(`the authorization endpoint answered ${response.status} without a redirect`)
  return new URL(location, url).href
}

const auth = oauth({
  redirectUri: REDIRECT_URI,
  redirectToAuthorization: followAuthorization,
  clientName: 'mcp-elicit-conformance-driver',
  client: typeof context.client_id === 'string' ? { clientId: context.client_id, clientSecret: context.client_secret, issuer: context.issuer } : undefined,
  clientMetadataUrl: process.env.MCP_ELICIT_CLIENT_METADATA_URL || undefined,
  // Sender-constrained tokens wherever the authorization server takes DPoP proofs (the auth/dpop extension).
  dpop: true,
  onEvent: (event) => log(`auth: ${event.step}${event.issuer ? ` ${event.issuer}` : ''}${event.scopes ? ` [${event.scopes.join(' ')}]` : ''}${event.error ? ` ${event.error instanceof Error ? event.error.message : String(event.error)}` : ''}`),
})

// ------------------------------------------------------------ arguments from schemas

/** Resolves a same-document `$ref` ("#/..."); anything else is never fetched. */
function resolveLocalRef(schema: Schema, root: Schema): Schema {
  const ref = schema.$ref
  if (typeof ref !== 'string' || !ref.startsWith('#')) return schema
  let node: unknown = root
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~')
    node = isObject(node) ? node[key] : undefined
  }
  return isObject(node) ? node : schema
}

function sampleValue(input: unknown, root: Schema, depth = 0): unknown {
  if (!isObject(input) || depth > 6) return 'example'
  const schema = resolveLocalRef(input, root)
  if ('default' in schema) return schema.default
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0]
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  const type = types.find((t) => t !== 'null') ?? types[0]
  switch (type) {
    case 'string':
      return 'example'
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1
    case 'boolean':
      return true
    case 'null':
      return null
    case 'array':
      return []
    case 'object':
      return sampleObject(schema, root, depth + 1)
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const options = schema[key]
    if (Array.isArray(options) && options.length > 0) return sampleValue(options[0], root, depth + 1)
  }
  return 'example'
}

/** Values for the required properties only. */
function sampleObject(schema: Schema, root: Schema, depth = 0): JsonObject {
  const out: JsonObject = {}
  const properties = isObject(schema.properties) ? schema.properties : {}
  const required = Array.isArray(schema.required) ? schema.required : []
  for (const name of required) {
    if (typeof name === 'string') out[name] = sampleValue(properties[name], root, depth)
  }
  return out
}

// The suite names the scenario in MCP_CONFORMANCE_SCENARIO. Exactly one
// scenario needs a step no generic client can infer from the server:
// json-schema-2020-12-preservation's published client requirements are "call
// json_schema_echo with { schema: <the inputSchema you received for
// json_schema_2020_12_tool> }" so the suite can see which keywords survived.
// That is the only per-scenario behaviour of this driver.
const ECHO_STEP = scenario === 'json-schema-2020-12-preservation'
  ? { echoTool: 'json_schema_echo', sourceTool: 'json_schema_2020_12_tool' }
  : undefined

function argumentsFor(tool: Tool, tools: Tool[]): JsonObject {
  if (ECHO_STEP && tool.name === ECHO_STEP.echoTool) {
    const source = tools.find((t) => t.name === ECHO_STEP.sourceTool)
    if (source) return { schema: source.inputSchema }
  }
  return isObject(tool.inputSchema) ? sampleObject(tool.inputSchema, tool.inputSchema) : {}
}

// ------------------------------------------------------------ main

/** A JSON-RPC error from the server is an answer, not a client failure. */
function report(what: string, error: unknown): void {
  if (isMcpProtocolError(error)) {
    log(`${what}: server answered with JSON-RPC error ${error.code}: ${error.rpcMessage}`)
    return
  }
  failures++
  const name = isMcpError(error) ? `${error.name} [${String(error.code)}]` : error instanceof Error ? error.name : 'error'
  log(`${what}: FAILED ${name}: ${error instanceof Error ? error.message : String(error)}`)
  for (let cause = error instanceof Error ? error.cause : undefined, depth = 0; cause !== undefined && depth < 4; depth++) {
    log(`  cause: ${short(cause instanceof Error ? `${cause.name}: ${cause.message}` : cause, 300)}`)
    cause = cause instanceof Error ? cause.cause : undefined
  }
}

async function main(): Promise<void> {
  const options: ClientOptions = {
    clientInfo: { name: 'mcp-elicit-conformance-driver', version: '0.1.0' },
    capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} },
    protocolVersion,
    onInputRequests: answerInput,
    onWarning: (message) => log(`warning: ${message}`),
    auth,
  }
  log(`scenario=${scenario || '(none)'} url=${url} protocolVersion=${protocolVersion}`)
  const client = createClient(url as string, options)

  step = 'server/discover'
  let capabilities: Schema = {}
  try {
    const discovered = await client.discover()
    capabilities = isObject(discovered.capabilities) ? discovered.capabilities : {}
    log(`discovered: era=${client.era} version=${client.protocolVersion} server=${short(client.serverInfo)} capabilities=${short(capabilities)}`)
  } catch (error) {
    // Not reaching the server at all is a client failure whatever the error.
    report('server/discover', error)
    if (isMcpProtocolError(error)) failures++
    return finish(client)
  }

  // Tools: always listed (the primary surface), whatever the capabilities say.
  step = 'tools/list'
  let tools: Tool[] = []
  try {
    tools = await client.listTools()
    log(`tools: ${tools.map((t) => t.name).join(', ') || '(none)'}`)
  } catch (error) {
    report('tools/list', error)
  }

  const calls = Array.isArray(context.toolCalls)
    ? context.toolCalls.filter((call) => {
        const listed = tools.some((t) => t.name === call.name)
        if (!listed) log(`context tool ${call.name} is not in the tool list; not calling it`)
        return listed
      })
    : tools.map((tool) => ({ name: tool.name, arguments: argumentsFor(tool, tools) }))
  for (const call of calls) {
    step = `tools/call ${call.name}`
    try {
      const result = await client.callTool(call.name, call.arguments ?? {})
      const content = Array.isArray(result.content) ? result.content : []
      const text = content.map((c) => (isObject(c) && typeof c.text === 'string' ? c.text : `[${isObject(c) ? String(c.type) : '?'}]`)).join(' ')
      log(`tools/call ${call.name} ${short(call.arguments ?? {}, 80)} -> ${result.isError ? 'isError ' : ''}${short(text, 120)}`)
    } catch (error) {
      report(`tools/call ${call.name}`, error)
    }
  }

  if (isObject(capabilities.prompts)) {
    step = 'prompts'
    try {
      for (const prompt of await client.listPrompts()) {
        const name = String(prompt.name)
        const args: Record<string, string> = {}
        for (const arg of Array.isArray(prompt.arguments) ? prompt.arguments : []) {
          if (isObject(arg) && arg.required === true && typeof arg.name === 'string') args[arg.name] = 'example'
        }
        step = `prompts/get ${name}`
        try {
          const result = await client.getPrompt(name, args)
          log(`prompts/get ${name} -> ${Array.isArray(result.messages) ? result.messages.length : '?'} message(s)`)
        } catch (error) {
          report(`prompts/get ${name}`, error)
        }
      }
    } catch (error) {
      report('prompts/list', error)
    }
  }

  if (isObject(capabilities.resources)) {
    step = 'resources'
    try {
      for (const resource of await client.listResources()) {
        const uri = String(resource.uri)
        step = `resources/read ${uri}`
        try {
          const result = await client.readResource(uri)
          log(`resources/read ${uri} -> ${Array.isArray(result.contents) ? result.contents.length : '?'} content(s)`)
        } catch (error) {
          report(`resources/read ${uri}`, error)
        }
      }
    } catch (error) {
      report('resources/list', error)
    }
  }

  return finish(client)
}

async function finish(client: { close(): Promise<void> }): Promise<void> {
  step = 'close'
  try {
    await Promise.race([client.close(), new Promise((resolve) => setTimeout(resolve, 2000).unref())])
  } catch (error) {
    report('close', error)
  }
  log(failures === 0 ? 'done' : `done with ${failures} client failure(s)`)
  // Exit explicitly: a server may keep a GET stream open forever.
  process.exit(failures === 0 ? 0 : 1)
}

setTimeout(() => {
  log(`timed out after ${timeoutMs} ms during ${step}`)
  process.exit(3)
}, timeoutMs).unref()

main().catch((error: unknown) => {
  report(step, error)
  process.exit(1)
})
