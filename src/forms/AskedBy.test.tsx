// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ApprovalCard } from './ApprovalCard'
import { ElicitationForm } from './ElicitationForm'
import { CLAMP_CHARS } from './IsolatedLine'
import { UrlElicitation } from './UrlElicitation'

afterEach(cleanup)

const endpoint = 'https://mcp.bank.example/mcp'
const RLO = '\u202E'
const PDI = '\u2069'

/** The "Asked by" line of each card kind, for the same server. */
function lines(server: unknown, extra: Record<string, unknown> = {}) {
  const props = { server: server as never, url: endpoint, onRespond: () => {}, ...extra }
  render(<ElicitationForm request={{ message: 'Q?', requestedSchema: { type: 'object', properties: {} } }} {...props} />)
  render(<UrlElicitation request={{ message: 'Open?', url: 'https://example.com/' }} {...props} />)
  render(<ApprovalCard input={{ method: 'roots/list', params: {}, server: server as never, url: endpoint }} onRespond={() => {}} {...extra} />)
  return [...document.querySelectorAll<HTMLElement>('.mcp-elicit-server')]
}

describe('"Asked by": server text is bidi-isolated from the host', () => {
  it('a right-to-left override in the title stays inside its own <bdi dir="auto">, the host in its own', () => {
    // Displayed without isolation, this reads "Asked by My Bank (mcp.bank.example)" in the wrong order and the host can be faked.
    const server = { name: 'x', title: `My Bank ${RLO}elpmaxe.knab.pcm( `, version: `1${PDI}${RLO}0` }
    for (const line of lines(server)) {
      const parts = [...line.children].map((child) => [child.tagName, child.getAttribute('dir'), child.className, child.textContent])
      expect(parts).toEqual([
        ['BDI', 'auto', 'mcp-elicit-server-text', 'My Bank elpmaxe.knab.pcm( '],
        ['BDI', 'auto', 'mcp-elicit-server-text', '10'],
        ['BDI', 'ltr', 'mcp-elicit-server-host', 'mcp.bank.example'],
      ])
      // No bidi control survives: not even a PDI that could close the isolate early.
      expect(line.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/)
      // The host is not inside any server part, and comes after them as the default text says.
      expect(line.querySelector('.mcp-elicit-server-text .mcp-elicit-server-host')).toBeNull()
      expect(line.textContent).toBe('Asked by My Bank elpmaxe.knab.pcm(  10 (mcp.bank.example)')
    }
  })

  it('line breaks cannot start a new bidi paragraph; markers the server sends cannot fake a host part', () => {
    const [line] = lines({ name: 'evil\n\u2029co\uE002rp.example\uE003' })
    expect(line!.querySelectorAll('.mcp-elicit-server-host')).toHaveLength(1)
    expect(line!.querySelector('.mcp-elicit-server-host')!.textContent).toBe('mcp.bank.example')
    expect(line!.querySelector('.mcp-elicit-server-text')!.textContent).toBe('evil corp.example')
  })

  it('a replaced askedBy that embeds the values gets them isolated too', () => {
    const [line] = lines({ name: `${RLO}Bank` }, { messages: { askedBy: (s: { name: string } | undefined, host: string | undefined) => `Gefragt von ${s?.name} über ${host}` } })
    expect(line!.textContent).toBe('Gefragt von Bank über mcp.bank.example')
    expect(line!.querySelector('bdi[dir="auto"]')!.textContent).toBe('Bank')
    expect(line!.querySelector('bdi[dir="ltr"]')!.textContent).toBe('mcp.bank.example')
  })

  it('the message of a form or URL card has dir="auto"', () => {
    lines({ name: 'x' })
    const messages = [...document.querySelectorAll('.mcp-elicit-form .mcp-elicit-message, .mcp-elicit-url .mcp-elicit-message')]
    expect(messages.map((message) => message.getAttribute('dir'))).toEqual(['auto', 'auto'])
  })

  it('field titles are isolated in their labels', async () => {
    render(
      <ElicitationForm
        request={{ message: 'Q?', requestedSchema: { type: 'object', properties: { a: { type: 'string', title: `${RLO}Name` }, b: { type: 'boolean', title: 'Agree' } } } }}
        onRespond={() => {}}
      />,
    )
    expect(((await screen.findByRole('textbox', { name: `${RLO}Name` })) as HTMLInputElement).labels![0]!.querySelector('bdi[dir="auto"]')!.textContent).toBe(`${RLO}Name`)
    expect((screen.getByRole('checkbox', { name: 'Agree' }) as HTMLInputElement).labels![0]!.querySelector('bdi[dir="auto"]')!.textContent).toBe('Agree')
  })
})

describe('"Asked by": a very long name is clamped', () => {
  const huge = 'Bank of Somewhere '.repeat(5_700).slice(0, 100_000)

  it('a 100 KB name gets the clamp class, its full text in title, and a disclosure; the host stays visible', async () => {
    for (const line of lines({ name: huge, version: '1.0' })) {
      const name = line.querySelector<HTMLElement>('.mcp-elicit-server-text')!
      expect(name.classList.contains('mcp-elicit-clamp')).toBe(true)
      expect(huge).toHaveLength(100_000)
      expect(name.title).toBe(huge)
      // The short version and the host are not clamped.
      expect(line.querySelectorAll('.mcp-elicit-clamp')).toHaveLength(1)
      expect(line.querySelector('.mcp-elicit-server-host')!.textContent).toBe('mcp.bank.example')
      const more = within(line).getByRole('button', { name: 'Show all' })
      expect(more.getAttribute('aria-expanded')).toBe('false')
      await userEvent.click(more)
      expect(line.dataset.expanded).toBe('true')
      expect(more.getAttribute('aria-expanded')).toBe('true')
      expect(more.textContent).toBe('Show less')
      await userEvent.click(more)
      expect(line.dataset.expanded).toBeUndefined()
    }
  })

  it(`names up to ${CLAMP_CHARS} characters are left alone`, () => {
    const [line] = lines({ name: 'n'.repeat(CLAMP_CHARS) })
    expect(line!.querySelector('.mcp-elicit-clamp')).toBeNull()
    expect(line!.querySelector('button')).toBeNull()
    expect(line!.querySelector('.mcp-elicit-server-text')!.hasAttribute('title')).toBe(false)
  })

  it('the stylesheet cuts .mcp-elicit-clamp to a few lines, unless the line is expanded', () => {
    // A path string: under jsdom `URL` is jsdom's, which node:fs does not take.
    const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'styles.css'), 'utf8')
    const rule = /:where\(\.mcp-elicit-clamp\) \{([^}]*)\}/.exec(css)?.[1] ?? ''
    expect(rule).toMatch(/max-height: calc\(var\(--mcp-elicit-clamp-lines, 3\) \* 1\.5em\);/)
    expect(rule).toMatch(/overflow: hidden;/)
    expect(css).toMatch(/:where\(\[data-expanded\] \.mcp-elicit-clamp\) \{\s*max-height: none;/)
  })
})
