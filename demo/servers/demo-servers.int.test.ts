/**
 * Drives every demo tool, the prompt and the resource end to end with OUR
 * client (`createClient` from src/core), and asserts what the tools report
 * back. Also covers the hit log (URL page never fetched before consent, no
 * `/pwned`), CORS, the DNS-rebinding guard, and the legacy server.
 */
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { applySchemaDefaults, createClient } from '../../src/core/index.ts'
import type { ClientOptions, InputHandler, InputRequest, InputResponse, JsonObject, JsonRpcNotification, McpClient, McpResult } from '../../src/core/index.ts'
import { startDemoServer } from '../../servers/demo-server.ts'
import type { DemoServer } from '../../servers/demo-server.ts'
import { startLegacyDemoServer } from '../../servers/legacy-demo-server.ts'
import type { LegacyDemoServer } from '../../servers/legacy-demo-server.ts'

const CAPABILITIES = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} }

/** SEP-2356's 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNkYGBgAAAABQABWaDDsAAAAABJRU5ErkJggg=='

/** describe_image in either era: the x-mcp-file question arrives whole; a good image comes back; what breaks a rule is refused by name. */
async function describeImageChecks(client: McpClient, tool: string, recorded: () => unknown[]) {
  const asked = answering(() => ({ action: 'accept', content: { image: `data:image/png;base64,${PNG}` } }))
  const result = await client.callTool(tool, {}, { onInputRequests: asked.handler })
  const field = schemaOf(Object.values(asked.rounds[0]!)[0]!).properties.image
  expect(field).toMatchObject({ type: 'string', format: 'uri', 'x-mcp-file': { accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'], maxSize: 2097152 } })
  expect(result.isError).toBeFalsy()
  expect(result.content).toEqual([
    { type: 'text', text: `${tool}: a image/png image of 70 bytes` },
    { type: 'image', data: PNG, mimeType: 'image/png' },
  ])
  // What the server keeps of it: never the bytes.
  expect(JSON.stringify(recorded())).not.toContain(PNG)
  const hostile: Array<[string, string]> = [
    ['https://example.com/cat.png', 'not a base64 data: URI'],
    [`data:image/png;base64,${'A'.repeat(2_900_000)}`, 'exceeds maxSize'],
    [`data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`, 'media type "image/svg+xml"'],
    [`data:image/png;base64,${Buffer.from('GIF89a-but-said-png').toString('base64')}`, 'does not start like image/png'],
    ['data:image/png;base64,@@@@', 'not valid base64'],
  ]
  for (const [image, reason] of hostile) {
    const refused = await client.callTool(tool, {}, { onInputRequests: answering(() => ({ action: 'accept', content: { image } })).handler })
    expect(refused.isError).toBe(true)
    expect(textOf(refused)).toContain(reason)
  }
}

type Answerer = (request: InputRequest, key: string, round: number) => InputResponse | Promise<InputResponse>

/** Answers every request of every round with `answer`, and remembers what was asked. */
function answering(answer: Answerer) {
  const rounds: Array<Record<string, InputRequest>> = []
  const handler: InputHandler = async (requests, context) => {
    rounds.push(requests)
    const responses: Record<string, InputResponse> = {}
    for (const [key, req] of Object.entries(requests)) responses[key] = await answer(req, key, context.round)
    return responses
  }
  return { handler, rounds }
}

const schemaOf = (req: InputRequest) => (req.params as { requestedSchema: { properties: Record<string, JsonObject>; required?: string[] } }).requestedSchema
/** Accept with the form's defaults, overridden by `content`. */
const acceptDefaults = (req: InputRequest, content: Record<string, string | number | boolean | string[]> = {}): InputResponse => ({
  action: 'accept',
  content: applySchemaDefaults(schemaOf(req), content),
})

function textOf(result: McpResult): string {
  const content = result.content as Array<{ type: string; text?: string }> | undefined
  return content?.map((block) => block.text ?? '').join('') ?? ''
}

interface Sent {
  url: string
  body: { method?: string; params?: JsonObject } | undefined
}

/** A client whose every request body is recorded. */
function clientFor(url: string, options: ClientOptions = {}) {
  const sent: Sent[] = []
  const warnings: string[] = []
  const notifications: JsonRpcNotification[] = []
  const client = createClient(url, {
    capabilities: CAPABILITIES,
    onWarning: (message) => warnings.push(message),
    onNotification: (notification) => notifications.push(notification),
    fetch: async (input, init) => {
      let body: Sent['body']
      try {
        body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Sent['body']) : undefined
      } catch {
        body = undefined
      }
      sent.push({ url: String(input), body })
      return fetch(input, init)
    },
    ...options,
  })
  const callsOf = (name: string) => sent.filter((s) => s.body?.method === 'tools/call' && s.body.params?.name === name)
  return { client, sent, warnings, notifications, callsOf }
}

describe('demo server (2026-07-28, stateless)', () => {
  let demo: DemoServer
  let client: McpClient
  let probe: ReturnType<typeof clientFor>

  beforeAll(async () => {
    demo = await startDemoServer()
    probe = clientFor(demo.url)
    client = probe.client
  })
  afterAll(async () => {
    await client.close()
    await demo.close()
  })

  it('speaks the modern era and lists every tool, the prompt and the resource', async () => {
    const discovered = await client.discover()
    expect(client.era).toBe('modern')
    expect(discovered.supportedVersions).toEqual(['2026-07-28'])
    const tools = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        ...['add_note', 'all_content', 'ask_model', 'clear_notes', 'connect_account', 'crunch_numbers', 'deep_result', 'describe_image', 'echo_html', 'list_workspace', 'long_task', 'profile_form', 'regional_lookup', 'slow_report', 'toggle_bonus_tool', 'trip_wizard', 'two_questions'],
        // MCP Apps (servers/tools/apps.ts, hostile-apps.ts)
        ...['file_issue', 'hold_seat', 'hostile_app', 'hostile_control', 'impostor_app', 'reveal_secret', 'seat_map', 'view_closed'],
      ].sort(),
    )
    expect(probe.warnings).toEqual([])
    const regional = tools.find((t) => t.name === 'regional_lookup')
    expect((regional?.inputSchema as { properties: Record<string, JsonObject> }).properties.region?.['x-mcp-header']).toBe('Region')
    expect((await client.listPrompts()).map((p) => p.name)).toEqual(['draft_email'])
    expect((await client.listResources()).map((r) => r.uri)).toEqual(['demo://settings', 'demo://notes', 'ui://demo/seat-map.html', 'ui://demo/issue-form.html', 'ui://demo/issue-form.html?broken=1', 'ui://demo/hostile.html', 'ui://demo/impostor.html'])
  })

  it('describe_image: a file input (SEP-2356) in an input_required round, checked by the server', async () => {
    await describeImageChecks(client, 'describe_image', () => demo.received.filter((entry) => entry.tool === 'describe_image'))
  })

  it('profile_form: one form with every field kind; the defaults come back', async () => {
    const { handler, rounds } = answering((req) => acceptDefaults(req, { name: 'Ada King', age: 37, interests: ['poetry'] }))
    const result = await client.callTool('profile_form', {}, { onInputRequests: handler })
    expect(rounds).toHaveLength(1)
    const schema = schemaOf(rounds[0]!.profile!)
    const p = schema.properties
    expect(p.name).toMatchObject({ type: 'string', minLength: 2, maxLength: 40, title: 'Full name', description: expect.any(String), default: 'Ada Lovelace' })
    expect([p.email?.format, p.website?.format, p.birthday?.format, p.meeting?.format]).toEqual(['email', 'uri', 'date', 'date-time'])
    expect(p.height).toMatchObject({ type: 'number', minimum: 0.5, maximum: 2.5, default: 1.65 })
    expect(p.age).toMatchObject({ type: 'integer', minimum: 0, maximum: 150, default: 36 })
    expect(p.newsletter).toMatchObject({ type: 'boolean', default: false })
    expect(p.language).toMatchObject({ enum: ['en', 'fr', 'de', 'it'] })
    expect(p.plan?.oneOf).toHaveLength(3)
    expect(p.shirt).toMatchObject({ enum: ['s', 'm', 'l', 'xl'], enumNames: ['Small', 'Medium', 'Large', 'Extra large'] })
    expect(p.interests).toMatchObject({ type: 'array', items: { type: 'string', enum: expect.any(Array) }, minItems: 1, maxItems: 3 })
    expect(p.days).toMatchObject({ type: 'array', items: { anyOf: expect.any(Array) }, minItems: 1, maxItems: 2, default: ['wed'] })
    expect(schema.required).toEqual(['name', 'email', 'age', 'plan', 'interests'])

    const sentContent = { ...applySchemaDefaults(schema), name: 'Ada King', age: 37, interests: ['poetry'] }
    expect(textOf(result)).toBe(`profile_form: accept ${JSON.stringify(applySchemaDefaults(schema, { name: 'Ada King', age: 37, interests: ['poetry'] }))}`)
    expect(JSON.parse(textOf(result).replace('profile_form: accept ', ''))).toEqual(sentContent)
  })

  it('profile_form: decline and cancel reach the server', async () => {
    const decline = await client.callTool('profile_form', {}, { onInputRequests: answering(() => ({ action: 'decline' })).handler })
    expect(textOf(decline)).toBe('profile_form: decline')
    const cancel = await client.callTool('profile_form', {}, { onInputRequests: answering(() => ({ action: 'cancel' })).handler })
    expect(textOf(cancel)).toBe('profile_form: cancel')
  })

  it('trip_wizard: three rounds in signed requestState, echoed byte for byte, and a server-side re-ask', async () => {
    const { handler, rounds } = answering((req, key, round) => {
      if (key === 'destination') return acceptDefaults(req, { destination: 'kyoto', travellers: 3 })
      if (key === 'dates') return round === 2 ? acceptDefaults(req, { depart: '2026-10-08', return: '2026-10-01' }) : acceptDefaults(req, { depart: '2026-10-01', return: '2026-10-08' })
      return acceptDefaults(req)
    })
    const before = probe.callsOf('trip_wizard').length
    const result = await client.callTool('trip_wizard', {}, { onInputRequests: handler })
    expect(textOf(result)).toBe('trip_wizard: booked {"destination":"kyoto","travellers":3,"depart":"2026-10-01","return":"2026-10-08"}')
    expect(rounds.map((r) => Object.keys(r)[0])).toEqual(['destination', 'dates', 'dates', 'confirm'])
    expect((rounds[2]!.dates!.params as { message: string }).message).toMatch(/before the departure/)
    expect((rounds[3]!.confirm!.params as { message: string }).message).toContain('Kyoto, Japan for 3, 2026-10-01 to 2026-10-08')

    const posts = probe.callsOf('trip_wizard').slice(before)
    expect(posts).toHaveLength(5)
    expect(posts[0]!.body?.params?.requestState).toBeUndefined()
    for (const post of posts.slice(1)) expect(post.body?.params?.requestState).toMatch(/^v1\./)
  })

  it('trip_wizard: stopping at a step is reported, and a forged requestState is refused', async () => {
    const { handler } = answering((req, key) => (key === 'dates' ? { action: 'decline' } : acceptDefaults(req)))
    expect(textOf(await client.callTool('trip_wizard', {}, { onInputRequests: handler }))).toBe('trip_wizard: stopped at dates (decline)')
    const confirmNo = answering((req, key) => (key === 'confirm' ? { action: 'accept', content: { confirm: false } } : acceptDefaults(req)))
    expect(textOf(await client.callTool('trip_wizard', {}, { onInputRequests: confirmNo.handler }))).toBe(
      'trip_wizard: not booked {"destination":"lisbon","travellers":2,"depart":"2026-09-14","return":"2026-09-21"}',
    )

    const forged = await fetch(demo.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'trip_wizard' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'trip_wizard',
          arguments: {},
          requestState: 'v1.eyJwIjp7InRvb2wiOiJ0cmlwX3dpemFyZCIsInN0ZXAiOjN9fQ.forged',
          _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': CAPABILITIES },
        },
      }),
    })
    expect(((await forged.json()) as { error?: { code: number } }).error?.code).toBe(-32602)
  })

  it('two_questions: two elicitations in one round', async () => {
    const { handler, rounds } = answering((req, key) => (key === 'first' ? { action: 'accept', content: { city: 'Oslo' } } : { action: 'accept', content: { subscribe: true } }))
    const result = await client.callTool('two_questions', {}, { onInputRequests: handler })
    expect(rounds).toHaveLength(1)
    expect(Object.keys(rounds[0]!).sort()).toEqual(['first', 'second'])
    expect(textOf(result)).toBe('two_questions: first=accept {"city":"Oslo"}; second=accept {"subscribe":true}')

    const mixed = answering((req, key) => (key === 'first' ? { action: 'decline' } : { action: 'cancel' }))
    expect(textOf(await client.callTool('two_questions', {}, { onInputRequests: mixed.handler }))).toBe('two_questions: first=decline; second=cancel')
  })

  it('crunch_numbers: requestState-only rounds, each with progress', async () => {
    const progress: Array<{ progress: number; total?: number; message?: string }> = []
    const before = probe.callsOf('crunch_numbers').length
    const result = await client.callTool('crunch_numbers', { steps: 3 }, {
      onInputRequests: () => Promise.reject(new Error('no questions expected')),
      onProgress: (p) => progress.push(p),
    })
    expect(textOf(result)).toBe('crunch_numbers: done after 3 rounds, sum of 1..3 = 6, progress sent in 3 of 3 rounds')
    expect(progress).toEqual([
      { progress: 1, total: 3, message: 'crunched 1 of 3' },
      { progress: 2, total: 3, message: 'crunched 2 of 3' },
      { progress: 3, total: 3, message: 'crunched 3 of 3' },
    ])
    const posts = probe.callsOf('crunch_numbers').slice(before)
    expect(posts).toHaveLength(3)
    expect(posts.slice(1).every((p) => typeof p.body?.params?.requestState === 'string' && p.body.params.inputResponses === undefined)).toBe(true)
  })

  it('connect_account: URL mode; the page is never fetched before consent; an unfinished step is asked again', async () => {
    const hitsBefore = demo.hits('/connect')
    let target = ''
    const { handler, rounds } = answering(async (req, _key, round) => {
      const params = req.params as { mode: string; url: string; message: string }
      expect(params.mode).toBe('url')
      target = params.url
      expect(demo.hits('/connect')).toBe(hitsBefore) // nothing fetched the page
      if (round === 1) return { action: 'accept' } // consent, but the outside step is not done
      // Round 2: the person opens the page and presses Finish.
      const page = await fetch(target)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
      const html = await page.text()
      expect(html).toContain('>Finish</button>')
      const done = await fetch(target.replace('/connect?', '/connect/done?'), { method: 'POST' })
      expect(await done.text()).toContain('Done')
      return { action: 'accept' }
    })
    const result = await client.callTool('connect_account', {}, { onInputRequests: handler })
    const id = new URL(target).searchParams.get('id')
    expect(target.startsWith(`${demo.origin}/connect?id=`)).toBe(true)
    expect(rounds).toHaveLength(2)
    expect((rounds[1]!.connect!.params as { message: string }).message).toMatch(/not finished yet/)
    expect(textOf(result)).toBe(`connect_account: accept; outside step completed; connected ${id} after 2 asks`)
    expect(demo.hits('/connect')).toBe(hitsBefore + 1)
    expect(demo.hits('/connect/done')).toBe(1)
  })

  it('connect_account: decline is reported, and unknown ids get no page', async () => {
    const result = await client.callTool('connect_account', {}, { onInputRequests: answering(() => ({ action: 'decline' })).handler })
    expect(textOf(result)).toBe('connect_account: decline; not connected (outside step completed: false)')
    expect((await fetch(`${demo.origin}/connect/done?id=made-up`, { method: 'POST' })).status).toBe(404)
  })

  it('ask_model: sampling answered by a stand-in model', async () => {
    const { handler, rounds } = answering(() => ({ model: 'stand-in-1', role: 'assistant', content: { type: 'text', text: 'Paris.' }, stopReason: 'endTurn' }))
    const result = await client.callTool('ask_model', {}, { onInputRequests: handler })
    expect(rounds[0]!.model!.method).toBe('sampling/createMessage')
    expect(rounds[0]!.model!.params).toMatchObject({ messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }], maxTokens: 64 })
    expect(textOf(result)).toBe('ask_model: model "stand-in-1" (assistant) answered "Paris.", stopReason "endTurn"')
  })

  it('list_workspace: roots', async () => {
    const roots = [{ uri: 'file:///home/demo/project', name: 'project' }, { uri: 'file:///home/demo/notes' }]
    const { handler, rounds } = answering(() => ({ roots }))
    const result = await client.callTool('list_workspace', {}, { onInputRequests: handler })
    expect(rounds[0]!.roots!.method).toBe('roots/list')
    expect(textOf(result)).toBe(`list_workspace: 2 roots ${JSON.stringify(roots)}`)
  })

  it('slow_report: progress every 200 ms, then done', async () => {
    const progress: number[] = []
    const result = await client.callTool('slow_report', { seconds: 1 }, { onProgress: (p) => progress.push(p.progress) })
    expect(textOf(result)).toBe('slow_report: finished 1 s of work, 5 progress updates')
    expect(progress).toEqual([1, 2, 3, 4, 5])
  })

  it('slow_report: cancelling closes the stream and the server sees the abort', async () => {
    const controller = new AbortController()
    const progress: number[] = []
    const call = client.callTool('slow_report', { seconds: 20 }, {
      signal: controller.signal,
      onProgress: (p) => {
        progress.push(p.progress)
        if (p.progress === 2) controller.abort()
      },
    })
    await expect(call).rejects.toMatchObject({ name: expect.stringMatching(/Cancel|Abort/) })
    await vi.waitFor(() => {
      const aborted = demo.received.filter((r) => r.tool === 'slow_report' && (r.data as { aborted: boolean }).aborted)
      expect(aborted).toHaveLength(1)
      expect((aborted[0]!.data as { seconds: number; elapsedMs: number }).seconds).toBe(20)
      expect((aborted[0]!.data as { elapsedMs: number }).elapsedMs).toBeLessThan(5000)
    })
  })

  it('regional_lookup: the x-mcp-header parameter arrives as Mcp-Param-Region, plain or base64-encoded', async () => {
    const plain = await client.callTool('regional_lookup', { region: 'eu-west', query: 'coffee' })
    expect(textOf(plain)).toBe('regional_lookup: Mcp-Param-Region header "eu-west" (raw "eu-west"), region argument "eu-west", query "coffee"')
    const encoded = await client.callTool('regional_lookup', { region: 'Zürich', query: 'tea' })
    const raw = `=?base64?${Buffer.from('Zürich').toString('base64')}?=`
    expect(textOf(encoded)).toBe(`regional_lookup: Mcp-Param-Region header "Zürich" (raw "${raw}"), region argument "Zürich", query "tea"`)
  })

  it('echo_html: hostile text in every string is carried as text, and /pwned is never hit', async () => {
    const { handler, rounds } = answering((req) => acceptDefaults(req))
    const result = await client.callTool('echo_html', {}, { onInputRequests: handler })
    const params = rounds[0]!.html!.params as { message: string; requestedSchema: { properties: Record<string, JsonObject> } }
    expect(params.message).toContain(`<img src=x onerror="fetch('/pwned')">`)
    expect(params.message).toContain(`<script>fetch('/pwned')</script>`)
    expect(params.message).toContain(`<a href="javascript:alert(1)">x</a>`)
    const props = params.requestedSchema.properties
    expect(props.comment?.title).toContain('<script>')
    expect(props.comment?.description).toContain('onerror')
    expect(JSON.stringify(props.choice?.oneOf)).toContain('javascript:alert(1)')
    expect(JSON.stringify(props.legacy?.enumNames)).toContain('<script>')
    expect(textOf(result)).toBe(
      `echo_html: accept {"comment":"<img src=x onerror=\\"fetch('/pwned')\\">","choice":"link","legacy":"one","many":["svg"],"agree":true}`,
    )
    expect(demo.hits('/pwned')).toBe(0)
  })

  it('prompt draft_email asks for the tone first', async () => {
    const { handler, rounds } = answering(() => ({ action: 'accept', content: { tone: 'formal' } }))
    const result = await client.getPrompt('draft_email', { topic: 'the launch' }, { onInputRequests: handler })
    expect(rounds).toHaveLength(1)
    expect(result.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'draft_email: accept {"tone":"formal"}; Write a formal email about the launch.' } }])
    const declined = await client.getPrompt('draft_email', {}, { onInputRequests: answering(() => ({ action: 'decline' })).handler })
    expect((declined.messages as Array<{ content: { text: string } }>)[0]!.content.text).toBe('draft_email: decline; Write a neutral email about the team offsite.')
  })

  it('resource demo://settings asks for a confirmation before it is read', async () => {
    const shown = await client.readResource('demo://settings', { onInputRequests: answering((req) => acceptDefaults(req)).handler })
    expect(shown.contents).toEqual([{ uri: 'demo://settings', mimeType: 'text/plain', text: 'demo://settings: accept {"confirm":true}; theme=dark; language=en; notifications=on' }])
    const withheld = await client.readResource('demo://settings', { onInputRequests: answering(() => ({ action: 'cancel' })).handler })
    expect((withheld.contents as Array<{ text: string }>)[0]!.text).toBe('demo://settings: cancel; settings withheld')
  })

  it('the log records every hit with its JSON-RPC method and tool', () => {
    expect(demo.log.every((entry) => typeof entry.at === 'number' && entry.method.length > 0 && entry.path.startsWith('/'))).toBe(true)
    expect(demo.log.some((entry) => entry.method === 'POST' && entry.path === '/mcp' && entry.rpcMethod === 'tools/call' && entry.tool === 'trip_wizard')).toBe(true)
    expect(demo.log.some((entry) => entry.rpcMethod === 'resources/read' && entry.tool === 'demo://settings')).toBe(true)
    expect(demo.log.some((entry) => entry.rpcMethod === 'prompts/get' && entry.tool === 'draft_email')).toBe(true)
    expect(demo.hits('/mcp')).toBeGreaterThan(20)
  })
})

describe('demo server CORS and origin guard', () => {
  let demo: DemoServer
  const page = 'http://127.0.0.1:5173'
  beforeAll(async () => {
    demo = await startDemoServer({ pageOrigin: page })
  })
  afterAll(() => demo.close())

  it('answers the page preflight, allowing any Mcp-* header and exposing nothing secret', async () => {
    const res = await fetch(demo.url, {
      method: 'OPTIONS',
      headers: { origin: page, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-method, mcp-param-region, mcp-param-x-tenant, x-evil' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(page)
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase()
    expect(allowed).toContain('mcp-param-region')
    expect(allowed).toContain('mcp-param-x-tenant')
    expect(allowed).toContain('mcp-protocol-version')
    expect(allowed).not.toContain('x-evil')
    expect(res.headers.get('access-control-expose-headers')).toBe('MCP-Protocol-Version')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    expect(demo.log.at(-1)).toMatchObject({ method: 'OPTIONS', path: '/mcp' })
  })

  it('refuses a foreign Origin and a foreign Host on the MCP endpoint', async () => {
    const foreign = await fetch(demo.url, { method: 'POST', headers: { origin: 'http://evil.example', 'content-type': 'application/json' }, body: '{}' })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = httpRequest(demo.url, { method: 'POST', headers: { host: 'rebound.example:80', 'content-type': 'application/json' } }, (res) => {
        res.resume()
        resolve(res.statusCode)
      })
      req.on('error', reject)
      req.end('{}')
    })
    expect(status).toBe(403)
    // The page itself is served as usual.
    const ok = createClient(demo.url, { capabilities: CAPABILITIES, fetch: (input, init) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), origin: page } }) })
    expect(textOf(await ok.callTool('regional_lookup', { region: 'eu', query: 'q' }))).toContain('header "eu"')
    await ok.close()
  })
})

describe('legacy demo server (2025-11-25, sessions)', () => {
  let legacy: LegacyDemoServer
  let probe: ReturnType<typeof clientFor>

  beforeAll(async () => {
    legacy = await startLegacyDemoServer({ confirmTimeoutMs: 400 })
    probe = clientFor(legacy.url)
  })
  afterAll(async () => {
    await probe.client.close()
    await legacy.close()
  })

  it('falls back to the legacy era and lists the tools', async () => {
    const tools = await probe.client.listTools()
    expect(probe.client.era).toBe('legacy')
    expect(tools.map((t) => t.name).sort()).toEqual(['file_issue', 'hold_seat', 'legacy_confirm', 'legacy_describe_image', 'legacy_profile', 'seat_map', 'view_closed'])
    expect(legacy.sessions()).toHaveLength(1)
  })

  it('legacy_profile: the form arrives as a server request and the answer comes back', async () => {
    const { handler, rounds } = answering((req) => acceptDefaults(req, { name: 'Grace B. Hopper', colour: 'green' }))
    const result = await probe.client.callTool('legacy_profile', {}, { onInputRequests: handler })
    const [key] = Object.keys(rounds[0]!)
    const props = schemaOf(rounds[0]![key!]!).properties
    expect(props.colour).toMatchObject({ enum: ['red', 'green', 'blue'] })
    expect(props.newsletter).toMatchObject({ type: 'boolean' })
    expect(textOf(result)).toBe(
      'legacy_profile: accept {"name":"Grace B. Hopper","colour":"green","email":"grace@example.com","age":45,"team":"compilers","newsletter":true}',
    )
    const declined = await probe.client.callTool('legacy_profile', {}, { onInputRequests: answering(() => ({ action: 'decline' })).handler })
    expect(textOf(declined)).toBe('legacy_profile: decline')
  })

  it('legacy_describe_image: a file input (SEP-2356) the 2025 way, checked by the server', async () => {
    await describeImageChecks(probe.client, 'legacy_describe_image', () => legacy.received.filter((entry) => entry.tool === 'legacy_describe_image'))
  })

  it('legacy_confirm: URL mode with elicitationId, then notifications/elicitation/complete', async () => {
    let elicitationId = ''
    const { handler } = answering(async (req) => {
      const params = req.params as { mode: string; url: string; elicitationId: string }
      expect(params.mode).toBe('url')
      elicitationId = params.elicitationId
      expect(params.url).toBe(`${legacy.origin}/confirm?id=${elicitationId}`)
      expect(legacy.hits('/confirm')).toBe(0)
      // After consent, the person finishes the outside step.
      setTimeout(() => void fetch(params.url.replace('/confirm?', '/confirm/done?')), 50)
      return { action: 'accept' }
    })
    const result = await probe.client.callTool('legacy_confirm', {}, { onInputRequests: handler })
    expect(textOf(result)).toBe(`legacy_confirm: accept; outside step completed for ${elicitationId}`)
    expect(probe.notifications).toContainEqual(expect.objectContaining({ method: 'notifications/elicitation/complete', params: { elicitationId } }))
  })

  it('legacy_confirm: an accept without the outside step, and a cancel, are reported', async () => {
    const unfinished = await probe.client.callTool('legacy_confirm', {}, { onInputRequests: answering(() => ({ action: 'accept' })).handler })
    expect(textOf(unfinished)).toMatch(/^legacy_confirm: accept; outside step not completed within 400 ms \(/)
    const cancelled = await probe.client.callTool('legacy_confirm', {}, { onInputRequests: answering(() => ({ action: 'cancel' })).handler })
    expect(textOf(cancelled)).toBe('legacy_confirm: cancel')
  })

  it('exposes the session id to the page and logs every hit', async () => {
    const res = await fetch(legacy.url, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' } })
    expect(res.headers.get('access-control-expose-headers')).toBe('Mcp-Session-Id, MCP-Protocol-Version')
    expect(legacy.log.some((entry) => entry.rpcMethod === 'initialize')).toBe(true)
    expect(legacy.log.some((entry) => entry.rpcMethod === 'tools/call' && entry.tool === 'legacy_profile')).toBe(true)
  })
})
