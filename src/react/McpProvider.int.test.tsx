// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { render, renderHook } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { createClient, type McpClient } from '../core/index'
import { McpProvider, useMcpClient, useMcpTool } from './index'

let server: ModernServer
let client: McpClient

beforeAll(async () => {
  server = await startModernServer()
  client = createClient(server.url, { capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} } })
})
afterAll(async () => {
  await server.close()
})

describe('McpProvider / useMcpClient', () => {
  it('gives the provider’s client', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <McpProvider client={client}>{children}</McpProvider>
    const { result } = renderHook(() => useMcpClient(), { wrapper })
    expect(result.current).toBe(client)
  })

  it('throws an error naming the provider when there is none', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect(() => renderHook(() => useMcpClient())).toThrow(/<McpProvider client=/)
      function Orphan() {
        useMcpTool('echo')
        return null
      }
      expect(() => render(<Orphan />)).toThrow(/useMcpTool.*inside <McpProvider/)
    } finally {
      quiet.mockRestore()
    }
    expect(server.requests).toHaveLength(0)
  })
})
