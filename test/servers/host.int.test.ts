/**
 * The kit's HTTP plumbing (servers/host.ts) on a real socket: the hit log,
 * preflights, the body cap, JSON parsing, pages next to the endpoint, and a
 * close that ends an open stream.
 */
import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'

import { startHost, type Host, type HostOptions, type RecordedRequest } from '../../servers/host.ts'

const hosts: Array<Host<RecordedRequest>> = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()))
})

async function start(options: Partial<HostOptions> = {}) {
  const served: unknown[] = []
  const host = await startHost({
    maxBodyBytes: 1000,
    serve: async (_req, res, hit) => {
      served.push(hit.body)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    },
    ...options,
    record: 'requests',
  })
  hosts.push(host)
  return { host, served }
}

const post = (url: string, body: string, headers: Record<string, string> = {}) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })

describe('the kit host', () => {
  it('hands the parsed body to the endpoint and logs the hit with its JSON-RPC method and target', async () => {
    const { host, served } = await start()
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: {} } }
    const res = await post(host.url, JSON.stringify(body), { 'x-test': 'yes' })
    expect(res.status).toBe(200)
    expect(served).toEqual([body])
    expect(host.log).toEqual([
      expect.objectContaining({ method: 'POST', path: '/mcp', rpcMethod: 'tools/call', tool: 'echo', body, status: 200, headers: expect.objectContaining({ 'x-test': 'yes' }) }),
    ])
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
  })

  it('answers a POST that is not JSON with 400 -32700, and one over the cap with 413 (declared or streamed), never reaching the endpoint', async () => {
    const { host, served } = await start()
    const garbled = await post(host.url, '{nope')
    expect(garbled.status).toBe(400)
    expect(await garbled.json()).toMatchObject({ error: { code: -32700 } })
    const declared = await post(host.url, JSON.stringify({ pad: 'x'.repeat(2000) }))
    expect(declared.status).toBe(413)
    const streamed = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(host.url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume()
        resolve(res.statusCode)
      })
      req.on('error', reject)
      req.end(JSON.stringify({ pad: 'y'.repeat(2000) }))
    })
    expect(streamed).toBe(413)
    expect(served).toEqual([])
  })

  it('answers preflights with 204 and CORS, serves pages beside the endpoint, 404 elsewhere', async () => {
    const { host } = await start({
      cors: { origins: [], expose: ['MCP-Protocol-Version'] },
      page: ({ url }, _req, res) => url.pathname === '/page' && (res.writeHead(200).end('page'), true),
    })
    const preflight = await fetch(host.url, { method: 'OPTIONS', headers: { origin: 'http://page.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'mcp-param-x' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('mcp-param-x')
    expect(await (await fetch(`${host.origin}/page`)).text()).toBe('page')
    expect((await fetch(`${host.origin}/other`)).status).toBe(404)
    expect(host.hits('/page')).toBe(1)
    expect(host.log.map((hit) => `${hit.method} ${hit.path} ${hit.status}`)).toEqual(['OPTIONS /mcp 204', 'GET /page 200', 'GET /other 404'])
  })

  it('close() ends a response that is still streaming', async () => {
    const { host } = await start({
      serve: async (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        res.write(': open\n\n')
      },
    })
    const res = await post(host.url, '{}')
    const reader = res.body!.getReader()
    await reader.read()
    const ended = reader.read().then(
      (chunk) => chunk.done,
      () => true,
    )
    await hosts.splice(0, 1)[0]!.close()
    expect(await ended).toBe(true)
  })
})
