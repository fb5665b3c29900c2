import { describe, expect, it } from 'vitest'
import { analyzeUrl } from './url-safety'

describe('analyzeUrl', () => {
  it('accepts a plain https URL with no warnings and splits around the host', () => {
    const a = analyzeUrl('https://auth.example.com/start?x=1#top')
    expect(a).toMatchObject({ href: 'https://auth.example.com/start?x=1#top', scheme: 'https', host: 'auth.example.com', refused: null, warnings: [] })
    expect(a.parts).toEqual({ before: 'https://', host: 'auth.example.com', after: '/start?x=1#top' })
  })

  it('warns on punycode and mixed scripts (Cyrillic а in a Latin name) and shows the decoded host', () => {
    const a = analyzeUrl('https://p\u0430ypal.com/login')
    expect(a.hostname).toBe('xn--pypal-4ve.com')
    expect(a.displayHost).toBe('p\u0430ypal.com')
    expect(a.warnings).toEqual(['punycode', 'mixed-script'])
  })

  it('warns on punycode only for a single-script international name', () => {
    const a = analyzeUrl('https://münchen.de/')
    expect(a.displayHost).toBe('münchen.de')
    expect(a.warnings).toEqual(['punycode'])
    expect(analyzeUrl('https://日本語.jp').warnings).toEqual(['punycode'])
  })

  it('warns on plain http, credentials and raw IPv4 / IPv6 hosts', () => {
    const a = analyzeUrl('http://user:pw@evil.example:8080/x')
    expect(a.warnings).toEqual(['insecure-http', 'credentials'])
    expect(a.parts).toEqual({ before: 'http://user:pw@', host: 'evil.example:8080', after: '/x' })
    expect(analyzeUrl('http://0x7f.1/').warnings).toEqual(['insecure-http', 'ip-address'])
    expect(analyzeUrl('https://[::1]:3000/').warnings).toEqual(['ip-address'])
  })

  it('refuses non-http(s) schemes and unparseable input', () => {
    expect(analyzeUrl('javascript:alert(1)')).toMatchObject({ refused: 'scheme', scheme: 'javascript' })
    expect(analyzeUrl('java\nscript:alert(1)')).toMatchObject({ refused: 'scheme' })
    expect(analyzeUrl('data:text/html,<script>alert(1)</script>')).toMatchObject({ refused: 'scheme' })
    expect(analyzeUrl('file:///etc/passwd')).toMatchObject({ refused: 'scheme' })
    expect(analyzeUrl('not a url')).toMatchObject({ refused: 'invalid', href: 'not a url' })
    expect(analyzeUrl(42)).toMatchObject({ refused: 'invalid', href: '' })
  })
})
