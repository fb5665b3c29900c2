import { describe, expect, it } from 'vitest'
import type { ClientCapabilities } from '../core/index'
import { withMcpApps } from './capabilities'
import { MCP_APP_MIME_TYPE, MCP_APPS_EXTENSION, MCP_APPS_PROTOCOL_VERSION } from './constants'

describe('the MCP Apps identifiers', () => {
  it('are the spellings of the specification (2026-01-26)', () => {
    expect(MCP_APPS_EXTENSION).toBe('io.modelcontextprotocol/ui')
    expect(MCP_APP_MIME_TYPE).toBe('text/html;profile=mcp-app')
    expect(MCP_APPS_PROTOCOL_VERSION).toBe('2026-01-26')
  })
})

describe('withMcpApps', () => {
  it('declares the extension with the app MIME type, from nothing', () => {
    expect(withMcpApps()).toEqual({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } })
  })

  it('keeps everything else declared: other capabilities, extensions, MIME types and settings', () => {
    const given: ClientCapabilities = {
      elicitation: { form: {}, url: {} },
      sampling: {},
      extensions: {
        'io.modelcontextprotocol/tasks': {},
        'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=future'], custom: 1 },
      },
    }
    expect(withMcpApps(given)).toEqual({
      elicitation: { form: {}, url: {} },
      sampling: {},
      extensions: {
        'io.modelcontextprotocol/tasks': {},
        'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=future', 'text/html;profile=mcp-app'], custom: 1 },
      },
    })
  })

  it('does not add the MIME type twice, and drops non-string MIME entries', () => {
    const once = withMcpApps()
    expect(withMcpApps(once)).toEqual(once)
    const odd = withMcpApps({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [1, null, 'text/html;profile=mcp-app'] } } })
    expect(odd.extensions?.['io.modelcontextprotocol/ui']).toEqual({ mimeTypes: ['text/html;profile=mcp-app'] })
    const notArray = withMcpApps({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: 'text/html' } } })
    expect(notArray.extensions?.['io.modelcontextprotocol/ui']).toEqual({ mimeTypes: ['text/html;profile=mcp-app'] })
  })

  it('with elicitation (SEP-3118) adds elicitation: {} inside the extension and declares elicitation.form', () => {
    expect(withMcpApps({}, { elicitation: true })).toEqual({
      elicitation: { form: {} },
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'], elicitation: {} } },
    })
    const withUrl = withMcpApps({ elicitation: { url: {} } }, { elicitation: true })
    expect(withUrl.elicitation).toEqual({ url: {}, form: {} })
    const withForm = withMcpApps({ elicitation: { form: { applyDefaults: true } } }, { elicitation: true })
    expect(withForm.elicitation).toEqual({ form: { applyDefaults: true } })
  })

  it('without elicitation leaves the elicitation capability alone', () => {
    expect(withMcpApps({}).elicitation).toBeUndefined()
    expect(withMcpApps({}, { elicitation: false })).toEqual(withMcpApps())
    expect(withMcpApps({ elicitation: { url: {} } }).elicitation).toEqual({ url: {} })
  })

  it('does not mutate its input', () => {
    const given: ClientCapabilities = { elicitation: { url: {} }, extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['a/b'] } } }
    const snapshot = structuredClone(given)
    const result = withMcpApps(given, { elicitation: true })
    expect(given).toEqual(snapshot)
    expect(result.extensions).not.toBe(given.extensions)
    expect(result.elicitation).not.toBe(given.elicitation)
  })

  it('replaces malformed extension settings rather than throwing', () => {
    for (const extensions of [null, 'x', [], { 'io.modelcontextprotocol/ui': null }, { 'io.modelcontextprotocol/ui': [] }]) {
      const result = withMcpApps({ extensions } as never)
      expect(result.extensions?.['io.modelcontextprotocol/ui']).toEqual({ mimeTypes: ['text/html;profile=mcp-app'] })
    }
  })
})
