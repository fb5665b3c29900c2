// @vitest-environment jsdom
import { cleanup, fireEvent, render, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkMedia } from './content-media'
import { deepValue, TINY_PNG, TINY_WAV } from './content-samples'
import { TREE_PAGE } from './content-tree'
import { ContentBlocks, ToolResult } from './index'

afterEach(cleanup)

const show = (result: unknown, props: Partial<Parameters<typeof ToolResult>[0]> = {}) => {
  const { container } = render(<ToolResult result={result} {...props} />)
  return container.querySelector<HTMLElement>('.mcp-elicit-tool-result')!
}
const blockTypes = (root: HTMLElement) => [...root.querySelectorAll('.mcp-elicit-result-content > .mcp-elicit-content-block, .mcp-elicit-result-content > .mcp-elicit-content-folded')].map((b) => b.getAttribute('data-type') ?? b.firstElementChild?.getAttribute('data-type'))

describe('content blocks', () => {
  it('text as text, bidi-isolated, HTML inert', () => {
    const root = show({ content: [{ type: 'text', text: '<img src=x onerror=alert(1)> \u202Eevil' }] })
    const block = root.querySelector('.mcp-elicit-content-block')!
    expect(block.textContent).toBe('<img src=x onerror=alert(1)> \u202Eevil')
    expect(block.getAttribute('dir')).toBe('auto')
    expect(root.querySelector('img')).toBeNull()
    expect(root.dataset.state).toBe('ok')
  })

  it('long text is folded with Show all / Show less', async () => {
    const root = show({ content: [{ type: 'text', text: 'line\n'.repeat(100) }] })
    const button = within(root).getByRole('button', { name: 'Show all' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(root.querySelector('.mcp-elicit-fold')).not.toBeNull()
    await userEvent.click(button)
    expect(within(root).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true')
    expect(root.querySelector('.mcp-elicit-content-folded')!.hasAttribute('data-expanded')).toBe(true)
  })

  it('allowed images and audio from data: URLs', () => {
    const root = show({ content: [{ type: 'image', mimeType: 'image/png', data: TINY_PNG }, { type: 'audio', mimeType: 'audio/wav', data: TINY_WAV }] })
    const img = root.querySelector('img')!
    expect(img.getAttribute('src')).toBe(`data:image/png;base64,${TINY_PNG}`)
    expect(img.getAttribute('alt')).toBe('Image returned by the tool (image/png)')
    const audio = root.querySelector('audio')!
    expect(audio.getAttribute('src')).toBe(`data:audio/wav;base64,${TINY_WAV}`)
    expect(audio.hasAttribute('controls')).toBe(true)
    expect(audio.getAttribute('aria-label')).toBe('Audio returned by the tool (audio/wav)')
  })

  it('SVG, HTML, unknown and mismatched MIME types are refused as text', () => {
    const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
    const root = show({
      content: [
        { type: 'image', mimeType: 'image/svg+xml', data: svg },
        { type: 'image', mimeType: 'text/html', data: svg },
        { type: 'image', mimeType: 'audio/wav', data: TINY_WAV },
        { type: 'audio', mimeType: 'image/png', data: TINY_PNG },
        { type: 'image', data: TINY_PNG },
      ],
    })
    expect(root.querySelector('img, audio, svg')).toBeNull()
    const notes = [...root.querySelectorAll('[data-refused]')]
    expect(notes.map((n) => n.getAttribute('data-refused'))).toEqual(['type', 'type', 'type', 'type', 'type'])
    expect(notes[0]!.textContent).toBe('[image of type "image/svg+xml" not shown: only common image and audio formats are shown]')
  })

  it('oversize and malformed media are refused', () => {
    const big = 'A'.repeat(8 * 1024 * 1024)
    const root = show({ content: [{ type: 'image', mimeType: 'image/png', data: big }, { type: 'image', mimeType: 'image/png', data: 'not base64!' }] })
    expect(root.querySelector('img')).toBeNull()
    const notes = [...root.querySelectorAll('[data-refused]')]
    expect(notes.map((n) => n.getAttribute('data-refused'))).toEqual(['size', 'data'])
    expect(notes[0]!.textContent).toBe('[image not shown: 6 MB, over the limit of 5 MB]')
    // The cap is a prop.
    expect(checkMedia('image', 'image/png', TINY_PNG, 10)).toMatchObject({ ok: false, reason: 'size' })
  })

  it('resource_link: host highlighted, a noopener link for https only', () => {
    const root = show({
      content: [
        { type: 'resource_link', uri: 'https://docs.example.com/a?b=1', name: 'spec', title: 'The spec', mimeType: 'text/html', description: 'Read me' },
        { type: 'resource_link', uri: 'file:///etc/passwd', name: 'passwd' },
        { type: 'resource_link', uri: 'javascript:alert(1)', name: 'x' },
      ],
    })
    const links = root.querySelectorAll('a')
    expect(links).toHaveLength(1)
    expect(links[0]!.getAttribute('href')).toBe('https://docs.example.com/a?b=1')
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer')
    expect(links[0]!.getAttribute('target')).toBe('_blank')
    expect(links[0]!.querySelector('mark.mcp-elicit-url-host')!.textContent).toBe('docs.example.com')
    expect(root.querySelector('.mcp-elicit-url-site')!.textContent).toBe('docs.example.com')
    expect(root.textContent).toContain('The spec')
    expect(root.textContent).toContain('file:///etc/passwd')
    expect(root.textContent).toContain('javascript:alert(1)')
    expect(root.querySelectorAll('.mcp-elicit-resource-not-web')).toHaveLength(2)
  })

  it('lookalike hosts get the URL warnings', () => {
    const root = show({ content: [{ type: 'resource_link', uri: 'https://p\u0430ypal.com/login', name: 'pay' }] })
    expect([...root.querySelectorAll('[data-warning]')].map((w) => w.getAttribute('data-warning'))).toEqual(['punycode', 'mixed-script'])
  })

  it('embedded resources: text as text, blobs as a size note', () => {
    const root = show({
      content: [
        { type: 'resource', resource: { uri: 'demo://settings', mimeType: 'text/plain', text: 'theme=dark' } },
        { type: 'resource', resource: { uri: 'https://x.example/blob', mimeType: 'application/octet-stream', blob: 'AAAA' } },
      ],
    })
    const resources = root.querySelectorAll('[data-type="resource"]')
    expect(resources[0]!.querySelector('[data-type="text"]')!.textContent).toBe('theme=dark')
    expect(resources[1]!.querySelector('[data-type="blob"]')!.textContent).toBe('[binary content (application/octet-stream), 3 bytes, not shown]')
  })

  it('unknown and malformed blocks are named, not thrown', () => {
    const root = show({ content: [{ type: { toString: 1 } }, 'str', null, { type: 'text', text: 5 }] })
    expect([...root.querySelectorAll('.mcp-elicit-content-block')].map((b) => b.textContent)).toEqual([
      '[{"toString":1} content not shown]',
      '[string content not shown]',
      '[object content not shown]',
      '[text content not shown]',
    ])
  })

  it('prompt messages and resource contents use the same blocks', () => {
    const prompt = show({ messages: [{ role: 'user', content: { type: 'text', text: 'Hello' } }, { role: 'assistant', content: { type: 'image', mimeType: 'image/png', data: TINY_PNG } }] })
    const items = prompt.querySelectorAll('.mcp-elicit-prompt-messages > li')
    expect([...items].map((li) => li.getAttribute('data-role'))).toEqual(['user', 'assistant'])
    expect(items[0]!.textContent).toBe('User:Hello')
    expect(items[1]!.querySelector('img')).not.toBeNull()
    cleanup()
    const read = show({ contents: [{ uri: 'demo://settings', text: '{"a":1}' }] })
    expect(read.querySelector('[data-type="contents"] [data-type="text"]')!.textContent).toBe('{"a":1}')
  })

  it('ContentBlocks alone', () => {
    const { container } = render(<ContentBlocks content={{ type: 'text', text: 'one block' }} />)
    expect(container.textContent).toBe('one block')
  })

  it('isError is announced with role="alert"', () => {
    const root = show({ isError: true, content: [{ type: 'text', text: 'Out of seats' }] })
    expect(root.dataset.state).toBe('error')
    expect(within(root).getByRole('alert').textContent).toBe('The tool reported an error:')
  })

  it('a block that throws is replaced, the others stay', () => {
    const onError = vi.fn()
    const hostile = { type: 'resource_link', get uri(): string { throw new Error('boom') } }
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const root = show({ content: [hostile, { type: 'text', text: 'still here' }] }, { onError })
    expect(root.textContent).toContain('This result could not be shown.')
    expect(root.textContent).toContain('still here')
    expect(onError).toHaveBeenCalled()
  })
})

describe('structuredContent tree', () => {
  const tree = (root: HTMLElement) => within(root).getByRole('tree', { name: 'Structured result' })
  const items = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('[role="treeitem"]')]

  it('root open, children collapsed and rendered lazily', async () => {
    const root = show({ structuredContent: { user: { name: 'Ada', tags: ['a', 'b'] }, n: 1, ok: true, none: null } })
    expect(items(root).map((i) => i.getAttribute('aria-level'))).toEqual(['1', '2', '2', '2', '2'])
    const user = items(root)[1]!
    expect(user.getAttribute('aria-expanded')).toBe('false')
    expect(user.querySelector('[role="group"]')).toBeNull()
    expect(tree(root).textContent).not.toContain('Ada')
    await userEvent.click(user.querySelector('.mcp-elicit-tree-row')!)
    expect(user.getAttribute('aria-expanded')).toBe('true')
    expect(user.textContent).toContain('"Ada"')
    expect(user.getAttribute('aria-setsize')).toBe('4')
    expect(user.getAttribute('aria-posinset')).toBe('1')
  })

  it('keyboard: arrows, Home, End, Enter, one tab stop', async () => {
    const root = show({ structuredContent: { a: { b: 1 }, c: 2 } })
    const t = tree(root)
    const [top, a, c] = items(root) as [HTMLElement, HTMLElement, HTMLElement]
    expect(items(root).filter((i) => i.tabIndex === 0)).toEqual([top])
    top.focus()
    fireEvent.keyDown(top, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(a)
    expect(items(root).filter((i) => i.tabIndex === 0)).toEqual([a])
    fireEvent.keyDown(a, { key: 'ArrowRight' })
    expect(a.getAttribute('aria-expanded')).toBe('true')
    fireEvent.keyDown(a, { key: 'ArrowRight' })
    const b = a.querySelector<HTMLElement>('[role="treeitem"]')!
    expect(document.activeElement).toBe(b)
    expect(b.getAttribute('aria-level')).toBe('3')
    fireEvent.keyDown(b, { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(a)
    fireEvent.keyDown(a, { key: 'ArrowLeft' })
    expect(a.getAttribute('aria-expanded')).toBe('false')
    fireEvent.keyDown(a, { key: 'End' })
    expect(document.activeElement).toBe(c)
    fireEvent.keyDown(c, { key: 'Home' })
    expect(document.activeElement).toBe(top)
    fireEvent.keyDown(top, { key: 'Enter' })
    expect(top.getAttribute('aria-expanded')).toBe('false')
    expect(items(root)).toHaveLength(1)
    fireEvent.keyDown(top, { key: 'Enter' })
    expect(items(root)).toHaveLength(3)
    fireEvent.keyDown(top, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(top)
    expect(t.contains(document.activeElement)).toBe(true)
  })

  it('collapsing with focus inside keeps the tab stop on the collapsed item', async () => {
    const root = show({ structuredContent: { a: { b: 1 } } })
    const a = items(root)[1]!
    fireEvent.keyDown(a, { key: 'ArrowRight' })
    const b = a.querySelector<HTMLElement>('[role="treeitem"]')!
    b.focus()
    await userEvent.click(a.querySelector('.mcp-elicit-tree-row')!)
    expect(a.getAttribute('aria-expanded')).toBe('false')
    expect(a.tabIndex).toBe(0)
    expect(document.activeElement).toBe(a)
  })

  it('long arrays are paged with Show more', () => {
    const root = show({ structuredContent: Array.from({ length: 250 }, (_, i) => i) })
    expect(items(root).filter((i) => i.getAttribute('aria-level') === '2' && !i.hasAttribute('data-more'))).toHaveLength(TREE_PAGE)
    const more = root.querySelector<HTMLElement>('[data-more]')!
    expect(more.textContent).toBe('Show more (100 of 250 shown)')
    fireEvent.keyDown(more, { key: 'Enter' })
    expect(items(root).filter((i) => i.getAttribute('aria-level') === '2' && !i.hasAttribute('data-more'))).toHaveLength(200)
    expect(document.activeElement!.textContent).toBe('100: 100')
    fireEvent.click(root.querySelector('[data-more]')!)
    expect(root.querySelector('[data-more]')).toBeNull()
    expect(items(root)).toHaveLength(251)
  })

  it('long strings are cut until expanded; keys and values are bidi-isolated text, bidi controls escaped', () => {
    const root = show({ structuredContent: { ['\u202Ekey<b>']: 'x'.repeat(500), html: '<img src=x>' } })
    const [, long, html] = items(root) as [HTMLElement, HTMLElement, HTMLElement]
    expect(long.querySelector('.mcp-elicit-tree-key')!.textContent).toBe('\\u202Ekey<b>')
    expect(long.textContent!.length).toBeLessThan(300)
    fireEvent.keyDown(long, { key: 'Enter' })
    expect(long.querySelector('.mcp-elicit-tree-text')!.textContent).toBe('x'.repeat(500))
    expect(html.querySelector('bdi[dir="auto"].mcp-elicit-tree-value')!.textContent).toBe('"<img src=x>"')
    expect(root.querySelector('img, b')).toBeNull()
  })

  it('a 10,000-deep value renders instantly, only the top levels built', () => {
    const deep = deepValue(10_000)
    const started = performance.now()
    const root = show({ content: [], structuredContent: deep })
    const took = performance.now() - started
    expect(items(root).length).toBeLessThanOrEqual(3)
    expect(took).toBeLessThan(1_000)
    // The bounded JSON next to it is cut too.
    expect(root.querySelector('.mcp-elicit-result-structured')!.textContent!.length).toBeLessThan(2_000)
    // Opening level by level builds one item more each time.
    let item = items(root)[1]!
    for (let i = 0; i < 5; i++) {
      fireEvent.keyDown(item, { key: 'ArrowRight' })
      item = item.querySelector<HTMLElement>('[role="group"] > [role="treeitem"]')!
    }
    expect(items(root).length).toBeLessThanOrEqual(8)
  })

  it('a large value renders one page', () => {
    const big = { rows: Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `row ${i}` })), meta: { count: 20_000 } }
    const root = show({ structuredContent: big })
    expect(items(root)).toHaveLength(3)
    fireEvent.keyDown(items(root)[1]!, { key: 'ArrowRight' })
    expect(items(root).length).toBe(3 + TREE_PAGE + 1)
  })
})
