import { describe, expect, it } from 'vitest'
import { McpHttpError, McpNetworkError, McpProtocolError, McpTimeoutError } from '../core/index.js'
import { MAX_MODEL_ERROR_LENGTH, mcpErrorForModel } from './model-error.js'

const SECRET = 'sk-live-9f8e7d6c5b4a'
const url = `https://ada:${SECRET}@tools.example.com/mcp?api_key=${SECRET}&region=eu#frag-${SECRET}`
const details = { method: 'tools/call', url }

describe('mcpErrorForModel', () => {
  it('gives the kind and the server’s own message, never the endpoint: its message names the URL', () => {
    const error = new McpProtocolError({ code: -32602, message: 'Tool wipe not found' }, details)
    expect(error.message).toContain('tools.example.com')
    expect(mcpErrorForModel(error)).toBe('The MCP server answered with error -32602: Tool wipe not found')
    expect(mcpErrorForModel(new McpTimeoutError(5000, details))).toBe('The call timed out.')
    expect(mcpErrorForModel(new McpNetworkError(new TypeError(`fetch failed for ${url}`), details))).toBe('The MCP server could not be reached.')
    expect(mcpErrorForModel(new Error(`something with ${url}`))).toBe('The call failed.')
    expect(mcpErrorForModel('a string')).toBe('The call failed.')
  })

  it('takes the endpoint’s secrets out of the server’s message where it echoes them, and cuts every URL in it to its path', () => {
    const echo = new McpHttpError(new Response('', { status: 404 }), `Cannot POST /mcp?api_key=${SECRET}&region=eu (key ${SECRET}); see https://docs.example.com/errors?ref=${SECRET}#x`, details)
    const told = mcpErrorForModel(echo)
    expect(told).toMatch(/^The MCP server answered with an HTTP error \(404\): Cannot POST \/mcp\?… \(key …\); see https:\/\/docs\.example\.com\/errors$/)
    expect(told).not.toContain(SECRET)
    expect(told).not.toContain('ada')
  })

  it('cleans control and bidi characters and clips a 3 MB message', () => {
    const huge = new McpProtocolError({ code: -32000, message: `\u202Eevil\u0007 ${'x'.repeat(3 * 1024 * 1024)}` }, details)
    const told = mcpErrorForModel(huge)
    expect(told.length).toBeLessThan(MAX_MODEL_ERROR_LENGTH + 100)
    expect(told).toMatch(/^The MCP server answered with error -32000: evil x+…$/)
  })

  it('reads errors structurally: from another copy of the library, a task’s status, a sign-in’s description', () => {
    expect(mcpErrorForModel({ name: 'McpTaskError', code: 'TASK_ENDED', statusMessage: 'quota exceeded', url })).toBe("The MCP server's task ended without a result: quota exceeded")
    expect(mcpErrorForModel({ name: 'McpAuthAccessDeniedError', code: 'AUTH_ACCESS_DENIED', description: 'user said no', url })).toBe('Signing in to the MCP server failed (AUTH_ACCESS_DENIED): user said no')
    expect(mcpErrorForModel({ code: 'NOT_A_CODE', rpcMessage: 'hi' })).toBe('The call failed: hi')
  })
})
