import { describe, expect, it } from 'vitest'
import { McpHttpError, McpProtocolError, McpRedirectError } from './errors.js'
import { redactText, redactUrl } from './redact-url.js'

const SECRET = 'sk-live-4242'

describe('redactUrl', () => {
  it('keeps scheme, host, port and path, and drops userinfo, query and fragment', () => {
    expect(redactUrl(`https://ada:${SECRET}@tools.example.com:8443/mcp/v1?api_key=${SECRET}&x=1#token=${SECRET}`)).toBe('https://tools.example.com:8443/mcp/v1')
    expect(redactUrl(new URL(`http://127.0.0.1:4000/mcp?key=${SECRET}`))).toBe('http://127.0.0.1:4000/mcp')
    expect(redactUrl('https://tools.example.com')).toBe('https://tools.example.com/')
  })

  it('cuts text that does not parse at its query and drops a user@ after its scheme', () => {
    expect(redactUrl(`not a url?api_key=${SECRET}`)).toBe('not a url')
    expect(redactUrl(`https://ada:${SECRET}@[bad host/mcp#x`)).toBe('https://[bad host/mcp')
    expect(redactUrl('')).toBe('')
  })
})

describe('redactText', () => {
  const endpoint = `https://ada:${SECRET}@tools.example.com/mcp?api_key=${SECRET}&region=eu#frag`
  it('takes the endpoint’s query, pairs, long values and userinfo out of a server’s text, and cuts every URL in it', () => {
    expect(redactText(`Cannot POST /mcp?api_key=${SECRET}&region=eu; key ${SECRET}; see https://docs.example.com/e?ref=1#x`, endpoint)).toBe('Cannot POST /mcp?…; key …; see https://docs.example.com/e')
    // Short values are left alone: "eu" would take every "eu" out of the text.
    expect(redactText('region eu failed', endpoint)).toBe('region eu failed')
    expect(redactText('no endpoint: https://a.example/x?y=1')).toBe('no endpoint: https://a.example/x')
    expect(redactText('a bad endpoint', 'not a url')).toBe('a bad endpoint')
  })
})

describe('the messages of the error family', () => {
  const url = `https://ada:${SECRET}@tools.example.com/mcp?api_key=${SECRET}#${SECRET}`
  const details = () => ({ method: 'tools/call', url })

  it('name the endpoint without its secrets, and keep the whole URL in `url` for code', () => {
    const error = new McpProtocolError({ code: -32602, message: 'Unknown tool' }, { method: 'tools/call', url })
    expect(error.message).toBe('MCP error -32602: Unknown tool (tools/call https://tools.example.com/mcp)')
    expect(error.url).toBe(url)
    const http = new McpHttpError(new Response('', { status: 502 }), 'bad gateway', { method: 'tools/call', url })
    expect(http.message).not.toContain(SECRET)
  })

  it('quote the server’s words without the endpoint’s secrets it echoes, and keep them whole in `rpcMessage` and `body`', () => {
    const echo = `Internal error at ${url}`
    const error = new McpProtocolError({ code: -32603, message: echo }, details())
    expect(error.message).not.toContain(SECRET)
    expect(error.rpcMessage).toBe(echo)
    const http = new McpHttpError(new Response('', { status: 404 }), `Cannot POST /mcp?api_key=${SECRET}`, details())
    expect(http.message).toBe('HTTP 404: Cannot POST /mcp?… (tools/call https://tools.example.com/mcp)')
    expect(http.body).toContain(SECRET)
  })

  it('name a refused redirect without its query, and keep `location` whole', () => {
    const error = new McpRedirectError(`https://elsewhere.example/login?next=%2Fmcp%3Fapi_key%3D${SECRET}`, { method: 'tools/call', url })
    expect(error.message).not.toContain(SECRET)
    expect(error.message).toContain('https://elsewhere.example/login')
    expect(error.location).toContain(SECRET)
  })
})
