/**
 * The MCP Apps tools of both demo servers, driven with OUR client
 * (`createClient` from src/core) against the real servers: what tools/list
 * says about views and visibility, the view documents resources/read
 * returns, `hold_seat`'s one question, and SEP-3118's hint on `file_issue`,
 * sent only to a client that declared app-rendered elicitations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createClient } from '../../src/core/index.ts'
import type { ClientCapabilities, InputRequest, InputResponse, JsonObject, McpClient, McpResult, Tool } from '../../src/core/index.ts'
import { startDemoServer } from '../demo-server.ts'
import type { DemoServer } from '../demo-server.ts'
import { startLegacyDemoServer } from '../legacy-demo-server.ts'
import type { LegacyDemoServer } from '../legacy-demo-server.ts'
import { BROKEN_ISSUE_FORM_URI, ISSUE_FORM_URI, ISSUE_SCHEMA, SEAT_MAP_URI, rendersAppElicitations, seatLayout } from './app-flows.ts'
import { HOSTILE_VIEW_URI, IMPOSTOR_VIEW_URI } from './hostile-apps.ts'

const UI = 'io.modelcontextprotocol/ui'
const MIME = 'text/html;profile=mcp-app'
const FORMS = { elicitation: { form: {} } }
/** A client that renders app elicitations (SEP-3118), and the same without the extension's `elicitation` member. */
const APP_FORMS: ClientCapabilities = { ...FORMS, extensions: { [UI]: { mimeTypes: [MIME], elicitation: {} } } }
const APPS_ONLY: ClientCapabilities = { ...FORMS, extensions: { [UI]: { mimeTypes: [MIME] } } }

const textOf = (result: McpResult) => ((result.content as Array<{ text?: string }> | undefined) ?? []).map((block) => block.text ?? '').join('')
const uiOf = (tool: Tool | undefined) => (tool?._meta as { ui?: JsonObject } | undefined)?.ui

/** Answers each round with `answer` and keeps what was asked. */
function answering(answer: (request: InputRequest) => InputResponse) {
  const rounds: InputRequest[][] = []
  return {
    rounds,
    onInputRequests: async (requests: Record<string, InputRequest>) => {
      rounds.push(Object.values(requests))
      return Object.fromEntries(Object.entries(requests).map(([key, request]) => [key, answer(request)]))
    },
  }
}

type Era = { name: 'modern' | 'legacy'; start(): Promise<DemoServer | LegacyDemoServer> }
const ERAS: Era[] = [
  { name: 'modern', start: () => startDemoServer() },
  { name: 'legacy', start: () => startLegacyDemoServer() },
]

describe.each(ERAS)('MCP Apps tools ($name era)', ({ name: era, start }) => {
  let server: DemoServer | LegacyDemoServer
  let plain: McpClient
  let appForms: McpClient
  const clients: McpClient[] = []
  const clientWith = (capabilities: ClientCapabilities) => {
    const client = createClient(server.url, { capabilities })
    clients.push(client)
    return client
  }

  beforeAll(async () => {
    server = await start()
    plain = clientWith(FORMS)
    appForms = clientWith(APP_FORMS)
  })
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await server.close()
  })

  it('lists the view of seat_map and the visibility of the app-only and model-only tools', async () => {
    const tools = await plain.listTools()
    expect(plain.era).toBe(era)
    const byName = (name: string) => tools.find((tool) => tool.name === name)
    expect(uiOf(byName('seat_map'))).toEqual({ resourceUri: SEAT_MAP_URI })
    // ext-apps' registerAppTool also writes the deprecated flat key, for older hosts.
    expect(byName('seat_map')?._meta?.['ui/resourceUri']).toBe(SEAT_MAP_URI)
    expect(uiOf(byName('hold_seat'))).toEqual({ visibility: ['app'] })
    expect(uiOf(byName('view_closed'))).toEqual({ visibility: ['app'] })
    // file_issue has no view of its own: its question has one.
    expect(uiOf(byName('file_issue'))).toEqual({ visibility: ['model', 'app'] })
    if (era === 'modern') {
      expect(uiOf(byName('hostile_app'))).toEqual({ resourceUri: HOSTILE_VIEW_URI })
      expect(uiOf(byName('reveal_secret'))).toEqual({ visibility: ['model'] })
      expect(uiOf(byName('hostile_control'))).toEqual({ visibility: ['app'] })
    } else {
      expect(byName('hostile_app')).toBeUndefined()
    }
  })

  it('serves each view as one self-contained text/html;profile=mcp-app document', async () => {
    const listed = await plain.listResources()
    const seatListing = listed.find((resource) => resource.uri === SEAT_MAP_URI)
    expect(seatListing).toMatchObject({ mimeType: MIME, _meta: { ui: { prefersBorder: false } } })
    expect(listed.find((resource) => resource.uri === ISSUE_FORM_URI)).toMatchObject({ mimeType: MIME, _meta: { ui: { prefersBorder: true } } })

    for (const uri of [SEAT_MAP_URI, ISSUE_FORM_URI, BROKEN_ISSUE_FORM_URI]) {
      const read = await plain.readResource(uri)
      const [item, ...rest] = read.contents as Array<{ uri: string; mimeType: string; text: string; _meta?: JsonObject }>
      expect(rest).toEqual([])
      expect(item).toMatchObject({ uri, mimeType: MIME })
      const html = item!.text
      expect(html.startsWith('<!doctype html>')).toBe(true)
      // One inline script and inline styles; nothing the default app CSP would block.
      expect(html.match(/<script\b[^>]*>/gi)).toEqual(['<script>'])
      expect(html).not.toMatch(/<link\b|<script\s+src|<img\b|@import/i)
      // zod's eval probe is switched off before anything in the bundle runs.
      expect(html).toContain('<script>globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});')
      expect(html.includes('data-broken="before-connect"')).toBe(uri === BROKEN_ISSUE_FORM_URI)
    }
    const seatItem = (await plain.readResource(SEAT_MAP_URI)).contents as Array<{ _meta?: JsonObject }>
    expect(seatItem[0]?._meta).toEqual({ ui: { prefersBorder: true } })
  })

  it('seat_map: the seats in structuredContent, 1A taken and 3C free', async () => {
    const result = await plain.callTool('seat_map', { flight: 'LX 318', rows: 8 })
    const layout = seatLayout('LX 318', 8)
    expect(result.structuredContent).toEqual(layout)
    expect(layout.taken).toContain('1A')
    expect(layout.taken).not.toContain('3C')
    expect(textOf(result)).toBe(`seat_map: LX 318, 8 rows of 6, ${layout.taken.length} taken, ${48 - layout.taken.length} free`)
  })

  it('hold_seat asks one question, then holds the seat for the name given', async () => {
    const person = answering(() => ({ action: 'accept', content: { passenger: 'Grace Hopper', confirm: true } }))
    const result = await plain.callTool('hold_seat', { flight: 'LX 318', seat: '3C' }, { onInputRequests: person.onInputRequests })
    expect(person.rounds).toHaveLength(1)
    expect(person.rounds[0]).toHaveLength(1)
    const params = person.rounds[0]![0]!.params as { message: string; requestedSchema: { required: string[] }; _meta?: unknown }
    expect(params.message).toBe("Hold seat 3C on LX 318? Confirm the passenger's name.")
    expect(params.requestedSchema.required).toEqual(['passenger', 'confirm'])
    expect(textOf(result)).toBe('hold_seat: held 3C on LX 318 for "Grace Hopper"')
    expect(result.structuredContent).toEqual({ flight: 'LX 318', seat: '3C', held: true, passenger: 'Grace Hopper', action: 'accept' })
  })

  it('hold_seat: a decline holds nothing, and a taken seat is refused without a question', async () => {
    const declined = await plain.callTool('hold_seat', { flight: 'LX 318', seat: '3C' }, { onInputRequests: answering(() => ({ action: 'decline' })).onInputRequests })
    expect(textOf(declined)).toBe('hold_seat: 3C on LX 318 not held (decline)')
    const person = answering(() => ({ action: 'accept', content: { passenger: 'x', confirm: true } }))
    const taken = await plain.callTool('hold_seat', { flight: 'LX 318', seat: '1A' }, { onInputRequests: person.onInputRequests })
    expect(taken.isError).toBe(true)
    expect(textOf(taken)).toBe('hold_seat: 1A on LX 318 is taken')
    expect(person.rounds).toEqual([])
  })

  it('view_closed is recorded, so a test can see a teardown reached the view', async () => {
    await plain.callTool('view_closed', { view: 'seat-map', flight: 'LX 318', heldSeat: '3C' })
    expect((await server.waitForReceived('view_closed')).data).toEqual({ view: 'seat-map', flight: 'LX 318', heldSeat: '3C' })
  })

  it('file_issue without app-rendered elicitations: the plain form, no hint, and the result says so', async () => {
    for (const client of [plain, clientWith(APPS_ONLY)]) {
      const person = answering(() => ({ action: 'accept', content: { title: 'Crash on save', severity: 'high' } }))
      const result = await client.callTool('file_issue', { repo: 'octo/demo' }, { onInputRequests: person.onInputRequests })
      expect(person.rounds).toHaveLength(1)
      const params = person.rounds[0]![0]!.params as JsonObject
      expect(params.requestedSchema).toEqual(ISSUE_SCHEMA)
      expect(params._meta).toBeUndefined()
      expect(textOf(result)).toBe('file_issue: accept {"title":"Crash on save","severity":"high"} (asked in octo/demo with the native form)')
    }
  })

  it('file_issue with app-rendered elicitations declared: the complete form plus _meta.ui.resourceUri', async () => {
    const person = answering(() => ({ action: 'accept', content: { title: 'Crash on save', severity: 'critical', details: 'Every time.' } }))
    const result = await appForms.callTool('file_issue', { repo: 'octo/demo' }, { onInputRequests: person.onInputRequests })
    const request = person.rounds[0]![0]!
    expect(request.method).toBe('elicitation/create')
    expect(request.params).toMatchObject({ message: 'File an issue in octo/demo', requestedSchema: ISSUE_SCHEMA, _meta: { ui: { resourceUri: ISSUE_FORM_URI } } })
    expect(textOf(result)).toBe(`file_issue: accept {"title":"Crash on save","severity":"critical","details":"Every time."} (asked in octo/demo with the app ${ISSUE_FORM_URI})`)

    const broken = answering(() => ({ action: 'decline' }))
    const declined = await appForms.callTool('file_issue', { repo: 'octo/demo', broken_view: true }, { onInputRequests: broken.onInputRequests })
    expect((broken.rounds[0]![0]!.params as { _meta?: unknown })._meta).toEqual({ ui: { resourceUri: BROKEN_ISSUE_FORM_URI } })
    expect(textOf(declined)).toBe(`file_issue: decline (asked in octo/demo with the app ${BROKEN_ISSUE_FORM_URI})`)
  })
})

describe('hostile_app (modern demo server)', () => {
  let demo: DemoServer
  let client: McpClient
  beforeAll(async () => {
    demo = await startDemoServer()
    client = createClient(demo.url)
  })
  afterAll(async () => {
    await client.close()
    await demo.close()
  })

  it("names the view's targets: this server's tripwire, a model-only tool, another server's tool, the control", async () => {
    const result = await client.callTool('hostile_app', {})
    expect(result.structuredContent).toEqual({ tripwire: `${demo.origin}/pwned`, modelOnlyTool: 'reveal_secret', otherServerTool: 'legacy_profile', controlTool: 'hostile_control' })
    expect((await client.listTools()).some((tool) => tool.name === 'legacy_profile')).toBe(false)
    const read = await client.readResource(HOSTILE_VIEW_URI)
    expect((read.contents as Array<{ mimeType: string }>)[0]?.mimeType).toBe(MIME)
    expect(demo.hits('/pwned')).toBe(0)
  })

  it("impostor_app hands its view the attack asked for and, for a navigation, this server's own page", async () => {
    const result = await client.callTool('impostor_app', { attack: 'navigate' })
    expect(result.structuredContent).toEqual({ attack: 'navigate', escape: `${demo.origin}/?via=escape` })
    const read = await client.readResource(IMPOSTOR_VIEW_URI)
    expect((read.contents as Array<{ mimeType: string; text: string }>)[0]).toMatchObject({ mimeType: MIME, text: expect.stringContaining('Impostor view') })
    expect((await client.callTool('impostor_app', { attack: 'everything' })).isError).toBe(true)
  })
})

describe('rendersAppElicitations (SEP-3118 negotiation)', () => {
  it.each([
    ['everything declared', true, APP_FORMS],
    ['the 2025-06-18 empty elicitation object counts as form', true, { elicitation: {}, extensions: { [UI]: { mimeTypes: [MIME], elicitation: {} } } }],
    ['no elicitation member in the extension', false, APPS_ONLY],
    ['no form elicitation (URL only)', false, { elicitation: { url: {} }, extensions: { [UI]: { mimeTypes: [MIME], elicitation: {} } } }],
    ['no app MIME type', false, { ...FORMS, extensions: { [UI]: { elicitation: {} } } }],
    ['another MIME type', false, { ...FORMS, extensions: { [UI]: { mimeTypes: ['text/html'], elicitation: {} } } }],
    ['elicitation member not an object', false, { ...FORMS, extensions: { [UI]: { mimeTypes: [MIME], elicitation: true } } }],
    ['no extensions', false, FORMS],
    ['nothing', false, undefined],
  ])('%s: %s', (_case, expected, capabilities) => {
    expect(rendersAppElicitations(capabilities)).toBe(expected)
  })
})
