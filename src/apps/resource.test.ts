import { describe, expect, it } from 'vitest'
import { isAppMimeType } from './resource'

describe('isAppMimeType', () => {
  it('takes text/html;profile=mcp-app however a server spells it', () => {
    for (const type of [
      'text/html;profile=mcp-app',
      'text/html; profile=mcp-app',
      'TEXT/HTML;PROFILE=MCP-APP',
      ' text/html ; profile = mcp-app ',
      'text/html;profile="mcp-app"',
      'text/html; charset=utf-8; profile=mcp-app',
      'text/html;profile=mcp-app;charset=utf-8',
    ]) {
      expect(isAppMimeType(type), type).toBe(true)
    }
  })

  it('refuses other types and profiles', () => {
    for (const type of [
      'text/html',
      'text/html;profile=mcp',
      'text/html;profile=mcp-app-v2',
      'text/html;x-profile=mcp-app',
      'text/html;profile',
      'text/html;profile=',
      'text/plain;profile=mcp-app',
      'application/xhtml+xml;profile=mcp-app',
      'text/html, text/html;profile=mcp-app',
      'text/htmlx;profile=mcp-app',
      'profile=mcp-app',
      '',
    ]) {
      expect(isAppMimeType(type), type).toBe(false)
    }
  })

  it('refuses values that are not strings, and overlong strings without scanning them', () => {
    for (const value of [undefined, null, 42, ['text/html;profile=mcp-app'], { toString: () => 'text/html;profile=mcp-app' }]) {
      expect(isAppMimeType(value)).toBe(false)
    }
    expect(isAppMimeType('text/html;profile=mcp-app;' + 'x'.repeat(300))).toBe(false)
  })
})
