import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildAllowAttribute, buildAppCsp, sanitizeCspDomains } from './csp'

/** The policy as a map directive -> sources, to assert on one directive at a time. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split('; ').map((part) => {
    const [name, ...sources] = part.split(' ')
    return [name!, sources]
  }))
}

describe('sanitizeCspDomains', () => {
  it('keeps canonical https and wss origins, lower-cased, default port and one trailing slash dropped', () => {
    expect(sanitizeCspDomains([
      'https://CDN.Example.com',
      'https://api.example.com:8443',
      'wss://rt.example.com/',
      'https://a.example.com:443',
      'HTTPS://b.example.com',
    ])).toEqual([
      'https://cdn.example.com',
      'https://api.example.com:8443',
      'wss://rt.example.com',
      'https://a.example.com',
      'https://b.example.com',
    ])
  })

  it('keeps a leftmost wildcard over at least two labels, and refuses every other wildcard', () => {
    expect(sanitizeCspDomains(['https://*.example.com', 'https://*.Example.co.uk:8443'])).toEqual(['https://*.example.com', 'https://*.example.co.uk:8443'])
    for (const entry of ['*', 'https://*', 'https://*.com', 'https://a.*.com', 'https://a*.com', 'https://*.*.com', 'https://example.com:*', 'https://*.1.2.3', '*.example.com', 'http://*.localhost']) {
      expect(sanitizeCspDomains([entry]), entry).toEqual([])
    }
  })

  it('refuses an entry that would add a directive or a source to the policy', () => {
    for (const entry of [
      'https://a.com; script-src *',
      'https://a.com;script-src',
      'https://a.com, https://b.com',
      'https://a.com https://b.com',
      "https://a.com 'unsafe-eval'",
      "'unsafe-eval'",
      "'unsafe-inline'",
      "'self'",
      "'none'",
      '"https://a.com"',
      "'https://a.com'",
      'https://a.com\nscript-src *',
      'https://a.com\n',
      '\thttps://a.com',
      ' https://a.com',
      'https://a.c\tom',
      'https://a.com\u2028',
      'https://a.com\u00a0',
      'https://a.com\u0000',
    ]) {
      expect(sanitizeCspDomains([entry]), JSON.stringify(entry)).toEqual([])
    }
  })

  it('refuses keywords, bare schemes and schemes other than https/wss', () => {
    for (const entry of ['*', 'data:', 'blob:', 'https:', 'https://', 'javascript:alert(1)', 'javascript://a.com', 'data://a.com', 'ftp://a.com', 'file:///etc/passwd', 'filesystem://a.com', 'a.com', '//a.com', 'example.com:443']) {
      expect(sanitizeCspDomains([entry]), entry).toEqual([])
    }
  })

  it('takes plain http and ws only for loopback hosts', () => {
    expect(sanitizeCspDomains(['http://localhost:5173', 'ws://127.0.0.1:8080', 'http://[::1]:3000', 'http://LOCALHOST'])).toEqual([
      'http://localhost:5173',
      'ws://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://localhost',
    ])
    for (const entry of ['http://evil.com', 'ws://evil.com', 'http://localhost.evil.com', 'http://127.0.0.1.evil.com', 'http://10.0.0.1', 'http://localhost.', 'http://[::2]', 'http://[::ffff:127.0.0.1]', 'https://[2001:db8::1]']) {
      expect(sanitizeCspDomains([entry]), entry).toEqual([])
    }
  })

  it('refuses paths, queries, fragments, userinfo, percent-escapes and backslashes', () => {
    for (const entry of [
      'https://a.com/path',
      'https://a.com//',
      'https://a.com/?',
      'https://a.com?x=1',
      'https://a.com#top',
      'https://user@a.com',
      'https://user:pass@a.com',
      'https://a.com@evil.com',
      'https://a%2ecom',
      'https://a.com\\@evil.com',
      'https:\\\\a.com',
      'https://a.com:99999',
      'https://a.com:port',
      'https://a_b.com',
      'https://-a.com',
      'https://a-.com',
      'https://a..com',
      'https://.a.com',
    ]) {
      expect(sanitizeCspDomains([entry]), entry).toEqual([])
    }
  })

  it('keeps a Unicode host in the punycode form URL parsing gives, and refuses one that maps to something else', () => {
    expect(sanitizeCspDomains(['https://bücher.de', 'https://*.bücher.de', 'https://xn--bcher-kva.de'])).toEqual([
      'https://xn--bcher-kva.de',
      'https://*.xn--bcher-kva.de',
    ])
    // Full-width semicolon: IDNA maps it to ';', which is no host character.
    expect(sanitizeCspDomains(['https://a.com\uff1bscript-src'])).toEqual([])
    // Full-width solidus maps to '/'.
    expect(sanitizeCspDomains(['https://a.com\uff0fpath'])).toEqual([])
  })

  it('dedupes after canonicalising, keeps the first order, and keeps at most 32', () => {
    expect(sanitizeCspDomains(['https://a.com', 'https://A.com/', 'https://a.com:443', 'https://b.com'])).toEqual(['https://a.com', 'https://b.com'])
    const many = Array.from({ length: 100 }, (_, index) => `https://h${index}.example.com`)
    const kept = sanitizeCspDomains(many)
    expect(kept).toHaveLength(32)
    expect(kept[0]).toBe('https://h0.example.com')
    expect(kept[31]).toBe('https://h31.example.com')
  })

  it('looks at a bounded number of entries and refuses huge strings without parsing them', () => {
    const junk = Array.from({ length: 5000 }, () => 'junk')
    expect(sanitizeCspDomains([...junk, 'https://late.example.com'])).toEqual([])
    expect(sanitizeCspDomains([`https://${'a'.repeat(1_000_000)}.com`])).toEqual([])
    expect(sanitizeCspDomains([`https://${'a'.repeat(64)}.com`])).toEqual([])
    expect(sanitizeCspDomains([`https://${'a'.repeat(63)}.com`])).toEqual([`https://${'a'.repeat(63)}.com`])
  })

  it('gives [] for anything that is not an array, and skips entries that are not strings', () => {
    for (const value of [undefined, null, 'https://a.com', 42, { 0: 'https://a.com', length: 1 }, true]) {
      expect(sanitizeCspDomains(value)).toEqual([])
    }
    expect(sanitizeCspDomains([null, 1, {}, ['https://a.com'], 'https://a.com'])).toEqual(['https://a.com'])
  })

  it('is idempotent', () => {
    const once = sanitizeCspDomains(['https://Bücher.de/', 'https://*.Example.com', 'http://localhost:80', 'wss://x.com:443'])
    expect(sanitizeCspDomains(once)).toEqual(once)
  })
})

describe('buildAppCsp', () => {
  it("is the spec's restrictive default when nothing is declared: no network, no frames, no eval", () => {
    expect(buildAppCsp()).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline' blob: data:; style-src 'self' 'unsafe-inline' blob: data:; img-src 'self' data: blob:; " +
        "font-src 'self' data: blob:; media-src 'self' data: blob:; worker-src 'self' blob:; connect-src 'none'; frame-src 'none'; base-uri 'self'; " +
        "object-src 'none'; form-action 'none'",
    )
    expect(buildAppCsp({})).toBe(buildAppCsp())
  })

  it("has blob: and data: where ext-apps' reference host has them (workers from blob:), and never 'unsafe-eval' or 'wasm-unsafe-eval'", () => {
    const policy = directives(buildAppCsp({ resourceDomains: ['https://cdn.example.com'] }))
    // PDF.js (the official pdf example) starts its worker from a blob: URL.
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:', 'https://cdn.example.com'])
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src']) {
      expect(policy.get(name), name).toEqual(expect.arrayContaining(['blob:', 'data:']))
    }
    // Never the network through them: connect-src, frame-src and base-uri have neither.
    for (const name of ['connect-src', 'frame-src', 'base-uri', 'default-src', 'object-src', 'form-action']) {
      expect(policy.get(name), name).not.toEqual(expect.arrayContaining(['blob:']))
      expect(policy.get(name), name).not.toEqual(expect.arrayContaining(['data:']))
    }
    for (const csp of [undefined, { resourceDomains: ['https://cdn.example.com'], connectDomains: ['https://api.example.com'] }, { wasmUnsafeEval: true } as never]) {
      expect(buildAppCsp(csp)).not.toMatch(/unsafe-eval/)
    }
  })

  it('opens each directive only to its own declared list', () => {
    const policy = directives(buildAppCsp({
      resourceDomains: ['https://cdn.example.com'],
      connectDomains: ['https://api.example.com', 'wss://rt.example.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://base.example.com'],
    }))
    expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-inline'", 'blob:', 'data:', 'https://cdn.example.com'])
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'blob:', 'data:', 'https://cdn.example.com'])
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com'])
    expect(policy.get('font-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com'])
    expect(policy.get('media-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com'])
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:', 'https://cdn.example.com'])
    expect(policy.get('connect-src')).toEqual(['https://api.example.com', 'wss://rt.example.com'])
    expect(policy.get('frame-src')).toEqual(['https://www.youtube.com'])
    expect(policy.get('base-uri')).toEqual(['https://base.example.com'])
    expect(policy.get('default-src')).toEqual(["'none'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('form-action')).toEqual(["'none'"])
  })

  it('lets no attacker entry through: the directive list and the sources stay exactly as built', () => {
    const hostile = ['https://a.com; script-src *', "'unsafe-eval'", '*', 'data:', 'javascript:alert(1)', 'http://evil.com', 'https://ok.com\nscript-src *']
    const policy = buildAppCsp({ resourceDomains: hostile, connectDomains: hostile, frameDomains: hostile, baseUriDomains: hostile })
    expect(policy).toBe(buildAppCsp())
    expect(policy).not.toContain('unsafe-eval')
    expect(policy).not.toContain('evil')
    expect(policy.split(';')).toHaveLength(12)
  })

  it('treats a csp that is not an object, or lists that are not arrays, as nothing declared', () => {
    for (const csp of [null, 'https://a.com', 42, [], { connectDomains: 'https://a.com' }, { resourceDomains: { 0: 'https://a.com' } }]) {
      expect(buildAppCsp(csp as never)).toBe(buildAppCsp())
    }
  })
})

describe('buildAllowAttribute', () => {
  it('allows only what the resource asks for AND the host grants', () => {
    expect(buildAllowAttribute({ camera: {}, microphone: {} }, { microphone: {}, geolocation: {} })).toBe('microphone')
    expect(buildAllowAttribute({ camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} }, { camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} })).toBe(
      'camera; microphone; geolocation; clipboard-write',
    )
  })

  it('denies by default: nothing granted, nothing asked, or nothing in common gives ""', () => {
    expect(buildAllowAttribute({ camera: {} })).toBe('')
    expect(buildAllowAttribute(undefined, { camera: {} })).toBe('')
    expect(buildAllowAttribute({ camera: {} }, { microphone: {} })).toBe('')
    expect(buildAllowAttribute()).toBe('')
  })

  it('ignores unknown features and hostile values', () => {
    const asked = { camera: {}, usb: {}, 'display-capture': {}, 'camera *': {}, microphone: null, geolocation: false, clipboardWrite: 'yes' } as never
    const granted = { camera: {}, usb: {}, 'display-capture': {}, 'camera *': {}, microphone: {}, geolocation: {}, clipboardWrite: {} } as never
    expect(buildAllowAttribute(asked, granted)).toBe('camera')
    expect(buildAllowAttribute('camera' as never, granted)).toBe('')
    expect(buildAllowAttribute([{ camera: {} }] as never, granted)).toBe('')
  })
})

describe('csp.ts', () => {
  it('imports nothing at run time from outside src/apps, so the sandbox page can bundle it', () => {
    const source = readFileSync(new URL('./csp.ts', import.meta.url), 'utf8')
    const runtimeImports = [...source.matchAll(/^import\s+(?!type\b)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map((match) => match[1])
    expect(runtimeImports).toEqual(['./json-object.js'])
    const helper = readFileSync(new URL('./json-object.ts', import.meta.url), 'utf8')
    expect([...helper.matchAll(/^import\s+(?!type\b)/gm)]).toHaveLength(0)
    expect(source).not.toMatch(/\b(document|window)\./)
  })
})
