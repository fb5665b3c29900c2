// @vitest-environment jsdom
/**
 * Hostile results, from a real HTTP server through the public client to
 * ToolResult: invisible and reordering characters in `structuredContent`
 * are escaped in the tree and in the raw JSON, and images whose headers
 * declare huge canvases ("pixel bombs"), or whose size cannot be read at
 * all, never become an `<img>`.
 */
import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { hostilePerTest, modern, result } from '../../test/hostile/hostile-server.ts'
import { avifDeclaring, bmpDeclaring, gifDeclaring, icoOfPngDeclaring, jpegDeclaring, pngDeclaring, TINY_PNG, webpDeclaring } from './content-samples'
import { ContentBlocks, DEFAULT_MAX_IMAGE_PIXELS, ToolResult, type ToolResultProps } from './index'

afterEach(cleanup)

const hostile = hostilePerTest()

/** What the hostile server answers to `tools/call`, as the client hands it over. */
async function fetched(toolResult: Record<string, unknown>): Promise<unknown> {
  modern(hostile.server)
  hostile.server.rpc('tools/call', (exchange) => result(exchange, toolResult))
  return hostile.client().callTool('show')
}

const show = (value: unknown, props: Partial<ToolResultProps> = {}) => render(<ToolResult result={value} {...props} />).container.querySelector<HTMLElement>('.mcp-elicit-tool-result')!

/** Every invisible or reordering character the issue names, and a tag character (U+E0041) that smuggles text. */
const HIDDEN = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u2028', '\u2029', '\uFEFF', '\u061C', '\u00AD', '\u2060', '\u0085', '\u{E0041}']
const RAW = /[\p{Cf}\u2028\u2029\u0085]/u

describe('structuredContent: invisible and reordering characters are escaped', () => {
  const attack = {
    // Reads "report.txt" when rendered raw: the override turns "txt.exe" around.
    '\u202Ereport\u2066exe.txt': 'pay\u200Bpal.com',
    hidden: HIDDEN.join('|'),
    nested: { ['line\u2028break']: ['\uFEFFbom', `${'x'.repeat(250)}\u202Etail\nsecond line`] },
  }

  it('the raw JSON view shows \\u202E-style escapes, is still JSON, and parses back to the same value', async () => {
    const root = show(await fetched({ content: [], structuredContent: attack }))
    const raw = root.querySelector('.mcp-elicit-result-structured')!.textContent!
    expect(raw).not.toMatch(RAW)
    expect(raw).toContain('"\\u202Ereport\\u2066exe.txt": "pay\\u200Bpal.com"')
    expect(raw).toContain('\\u202A|\\u202B|\\u202C|\\u202D|\\u202E|\\u2066|\\u2067|\\u2068|\\u2069|\\u200B|\\u200C|\\u200D|\\u200E|\\u200F|\\u2028|\\u2029|\\uFEFF|\\u061C|\\u00AD|\\u2060|\\u0085|\\uDB40\\uDC41')
    expect(JSON.parse(raw)).toEqual(attack)
  })

  it('the tree shows keys and strings with the same escapes, a long string too once opened (its line breaks kept)', async () => {
    const root = show(await fetched({ content: [], structuredContent: attack }))
    const tree = root.querySelector<HTMLElement>('[role="tree"]')!
    const rows = () => [...tree.querySelectorAll('.mcp-elicit-tree-row')].map((row) => row.textContent)
    expect(rows()).toContain('\\u202Ereport\\u2066exe.txt: "pay\\u200Bpal.com"')
    expect(rows().find((row) => row!.startsWith('hidden: '))).toContain('\\u2069|\\u200B|')
    const nested = [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')].find((item) => item.querySelector('.mcp-elicit-tree-key')?.textContent === 'nested')!
    fireEvent.keyDown(nested, { key: 'ArrowRight' })
    const inner = nested.querySelector<HTMLElement>('[role="group"] > [role="treeitem"]')!
    expect(inner.querySelector('.mcp-elicit-tree-key')!.textContent).toBe('line\\u2028break')
    fireEvent.keyDown(inner, { key: 'ArrowRight' })
    const [bom, long] = [...inner.querySelectorAll<HTMLElement>(':scope > [role="group"] > [role="treeitem"]')]
    expect(bom!.textContent).toBe('0: "\\uFEFFbom"')
    fireEvent.keyDown(long!, { key: 'Enter' })
    expect(long!.querySelector('.mcp-elicit-tree-text')!.textContent).toBe(`${'x'.repeat(250)}\\u202Etail\nsecond line`)
    expect(tree.textContent).not.toMatch(RAW)
  })
})

describe('images: a pixel cap read from the header', () => {
  const bombs: Array<[string, string, string]> = [
    ['a PNG whose IHDR says 100000 × 100000', 'image/png', pngDeclaring(100_000, 100_000)],
    ['a GIF with a 65535 × 65535 logical screen, labelled image/png', 'image/png', gifDeclaring(65_535, 65_535)],
    ['a GIF whose one frame reaches past a 1 × 1 screen', 'image/gif', gifDeclaring(1, 1, { width: 60_000, height: 60_000 })],
    ['a JPEG whose SOF0 says 65000 × 65000', 'image/jpeg', jpegDeclaring(65_000, 65_000)],
    ['a JPEG whose SOF0 hides behind a 60 KB comment and stray bytes', 'image/jpeg', jpegDeclaring(65_000, 65_000, { junk: true, comment: 60_000 })],
    ['a WebP (VP8X) of 100000 × 100000', 'image/webp', webpDeclaring('VP8X', 100_000, 100_000)],
    ['a WebP (VP8L) of 16384 × 16384', 'image/webp', webpDeclaring('VP8L', 16_384, 16_384)],
    ['a WebP (VP8) of 16383 × 16383', 'image/webp', webpDeclaring('VP8 ', 16_383, 16_383)],
  ]

  it.each(bombs)('%s is a note naming its declared size and the cap, never an <img>', async (_label, mimeType, data) => {
    const root = show(await fetched({ content: [{ type: 'image', mimeType, data }] }))
    expect(root.querySelector('img')).toBeNull()
    const note = root.querySelector<HTMLElement>('[data-refused]')!
    expect(note.dataset.refused).toBe('pixels')
    expect(note.textContent).toMatch(/^\[image not shown: it declares [\d,]+ × [\d,]+ pixels, over the limit of 50 megapixels\]$/)
  })

  it('the note says the declared size', async () => {
    const root = show(await fetched({ content: [{ type: 'image', mimeType: 'image/png', data: pngDeclaring(100_000, 100_000) }] }))
    expect(root.querySelector('[data-refused]')!.textContent).toBe('[image not shown: it declares 100,000 × 100,000 pixels, over the limit of 50 megapixels]')
  })

  it('images within the cap render as before', async () => {
    const root = show(await fetched({ content: [{ type: 'image', mimeType: 'image/png', data: TINY_PNG }, { type: 'image', mimeType: 'image/jpeg', data: jpegDeclaring(8_000, 6_000) }] }))
    expect([...root.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([`data:image/png;base64,${TINY_PNG}`, `data:image/jpeg;base64,${jpegDeclaring(8_000, 6_000)}`])
    expect(root.querySelector('[data-refused]')).toBeNull()
  })

  // Browsers pick the decoder by sniffing the bytes, not by the label: these would be decoded at their declared size.
  const unreadable: Array<[string, string, string]> = [
    ['a BMP of 30000 × 30000 labelled image/png', 'image/png', bmpDeclaring(30_000, 30_000)],
    ['an ICO holding a PNG of 30000 × 30000, labelled image/webp', 'image/webp', icoOfPngDeclaring(30_000, 30_000)],
    ['an AVIF of 30000 × 30000 labelled image/png', 'image/png', avifDeclaring(30_000, 30_000)],
    ['a PNG cut short before its size', 'image/png', pngDeclaring(100_000, 100_000).slice(0, 16)],
  ]

  it.each(unreadable)('%s is a note, never an <img>: an image whose size cannot be read is not shown', async (_label, mimeType, data) => {
    const root = show(await fetched({ content: [{ type: 'image', mimeType, data }] }))
    expect(root.querySelector('img')).toBeNull()
    const note = root.querySelector<HTMLElement>('[data-refused]')!
    expect(note.dataset.refused).toBe('unreadable')
    expect(note.textContent).toBe('[image not shown: it is not a PNG, JPEG, GIF or WebP image whose size can be read]')
  })

  it('the cap is a prop of ToolResult and ContentBlocks (default 50 megapixels), and its note can be reworded', () => {
    expect(DEFAULT_MAX_IMAGE_PIXELS).toBe(50_000_000)
    const image = { type: 'image', mimeType: 'image/jpeg', data: jpegDeclaring(2_000, 1_000) }
    const root = show({ content: [image] }, { maxImagePixels: 1_000_000, messages: { resultImageTooManyPixels: (w, h, limit) => `${w}x${h}>${limit}` } })
    expect(root.querySelector('img')).toBeNull()
    expect(root.querySelector('[data-refused="pixels"]')!.textContent).toBe('2000x1000>1000000')
    const { container } = render(<ContentBlocks content={[image]} maxImagePixels={1_000_000} />)
    expect(container.querySelector('[data-refused="pixels"]')!.textContent).toBe('[image not shown: it declares 2,000 × 1,000 pixels, over the limit of 1 megapixel]')
    expect(show({ content: [image] }, { maxImagePixels: 2_000_000 }).querySelector('img')).not.toBeNull()
  })
})
