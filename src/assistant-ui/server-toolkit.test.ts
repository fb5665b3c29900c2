import { describe, expect, it } from 'vitest'
import type { McpServerState } from '../core/index'
import { mapServerTools } from './server-toolkit'

const state = (id: string, name: string, status: McpServerState['status'], tools: McpServerState['tools']): McpServerState => ({ id, name, url: `http://127.0.0.1/${id}`, status, tools, fresh: status === 'ready', error: undefined })
const tool = (name: string, extra: object = {}) => ({ name, inputSchema: { type: 'object' as const }, ...extra })

describe('mapServerTools', () => {
  it('offers a tool two servers share under each server’s name, each routed to its own server and saying which server it is from', () => {
    const mapping = mapServerTools([state('demo', 'Demo server', 'ready', [tool('seat_map')]), state('legacy', 'Legacy server', 'ready', [tool('seat_map', { title: 'Seat map' })])])
    expect(mapping.tools.map((entry) => [entry.name, entry.server.id, entry.mcpName])).toEqual([
      ['demo__seat_map', 'demo', 'seat_map'],
      ['legacy__seat_map', 'legacy', 'seat_map'],
    ])
    expect(mapping.tools[1]!.description).toMatch(/^A tool of the MCP server “Legacy server”\./)
    expect(mapping.routes.get('legacy__seat_map')).toMatchObject({ server: { id: 'legacy', name: 'Legacy server' }, mcpName: 'seat_map', title: 'Seat map' })
    expect(mapping.system).toBeUndefined()
  })

  it('leaves out the tools of a server that is down, says why in the system line, and keeps its parts routed from its last listing', () => {
    const mapping = mapServerTools([state('demo', 'Demo', 'ready', [tool('add')]), state('legacy', 'Legacy', 'unreachable', [tool('legacy_profile', { annotations: { destructiveHint: true } })]), state('protected', 'Protected', 'signed-out', undefined)])
    expect(mapping.tools.map((entry) => entry.name)).toEqual(['demo__add'])
    expect(mapping.system).toBe(
      'The tools of the MCP server “Legacy” (legacy) are not offered now: it could not be reached.\nThe tools of the MCP server “Protected” (protected) are not offered now: the person is not signed in to it (they can sign in from the page).',
    )
    expect(mapping.routes.get('legacy__legacy_profile')).toMatchObject({ server: { id: 'legacy' }, mcpName: 'legacy_profile', hints: { destructive: true } })
    expect([...mapping.routes.keys()]).toEqual(['demo__add', 'legacy__legacy_profile'])
  })

  it('routes a hostile name by the name the set resolves, never onto another server', () => {
    const mapping = mapServerTools([state('a', 'A', 'slow', [tool('b__x.y'), tool('<script>')])])
    for (const [name, route] of mapping.routes) {
      expect(name).toMatch(/^a__[a-zA-Z0-9_-]+$/)
      expect(route.server.id).toBe('a')
    }
    expect([...mapping.routes.values()].map((route) => route.mcpName).sort()).toEqual(['<script>', 'b__x.y'])
  })
})
