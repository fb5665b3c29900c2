import { describe, expect, it } from 'vitest'
import { appResourceUri, elicitationAppUri, isAppVisible, isModelVisible, modelTools, toolVisibility } from './ui-meta'

const tool = (meta: unknown) => ({ name: 't', inputSchema: { type: 'object' }, _meta: meta })
const question = (extra: Record<string, unknown>) => ({
  message: 'Pick a colour',
  requestedSchema: { type: 'object', properties: { colour: { type: 'string' } } },
  _meta: { ui: { resourceUri: 'ui://colours/picker.html' } },
  ...extra,
})

/** Values a server could send where an object, string or array belongs. */
const HOSTILE: unknown[] = [undefined, null, 0, 1, -1, NaN, true, false, '', 'ui://x', [], [{}], {}, () => 'ui://x', Symbol('s'), 10n, new Date(0), Object.create(null)]

describe('appResourceUri', () => {
  it('reads _meta.ui.resourceUri', () => {
    expect(appResourceUri(tool({ ui: { resourceUri: 'ui://weather/view.html' } }))).toBe('ui://weather/view.html')
  })

  it('falls back to the deprecated flat _meta["ui/resourceUri"] only when ui.resourceUri is absent', () => {
    expect(appResourceUri(tool({ 'ui/resourceUri': 'ui://old/view.html' }))).toBe('ui://old/view.html')
    expect(appResourceUri(tool({ ui: { visibility: ['app'] }, 'ui/resourceUri': 'ui://old/view.html' }))).toBe('ui://old/view.html')
    expect(appResourceUri(tool({ ui: { resourceUri: 'ui://new.html' }, 'ui/resourceUri': 'ui://old.html' }))).toBe('ui://new.html')
    // A present but invalid preferred key decides alone: the flat key does not rescue it.
    expect(appResourceUri(tool({ ui: { resourceUri: 'javascript:alert(1)' }, 'ui/resourceUri': 'ui://old.html' }))).toBeUndefined()
  })

  it('takes the scheme in any case and returns the URI as given', () => {
    expect(appResourceUri(tool({ ui: { resourceUri: 'UI://Weather/View.html' } }))).toBe('UI://Weather/View.html')
    expect(appResourceUri(tool({ ui: { resourceUri: 'Ui://a' } }))).toBe('Ui://a')
  })

  it('refuses anything that is not a ui:// URI', () => {
    for (const uri of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' ui://a', 'ui://', 'ui:/a', 'ui:a', 'uix://a', 'https://a.com/view.html', 'data:text/html,<script>', 'file:///etc/passwd', 'ui://a b', 'ui://a\n', 'ui://a\u0000', 'ui://a\u007f', '']) {
      expect(appResourceUri(tool({ ui: { resourceUri: uri } })), JSON.stringify(uri)).toBeUndefined()
      expect(appResourceUri(tool({ 'ui/resourceUri': uri })), JSON.stringify(uri)).toBeUndefined()
    }
  })

  it('refuses a URI over 2 KB and takes one at the limit', () => {
    const atLimit = 'ui://' + 'a'.repeat(2048 - 5)
    expect(appResourceUri(tool({ ui: { resourceUri: atLimit } }))).toBe(atLimit)
    expect(appResourceUri(tool({ ui: { resourceUri: atLimit + 'a' } }))).toBeUndefined()
    expect(appResourceUri(tool({ ui: { resourceUri: 'ui://' + 'a'.repeat(10_000_000) } }))).toBeUndefined()
  })

  it('never throws and gives undefined for hostile shapes at every level', () => {
    for (const value of HOSTILE) {
      expect(appResourceUri(value)).toBeUndefined()
      expect(appResourceUri(tool(value))).toBeUndefined()
      expect(appResourceUri(tool({ ui: value }))).toBeUndefined()
      if (value !== 'ui://x') expect(appResourceUri(tool({ ui: { resourceUri: value } }))).toBeUndefined()
      if (value !== 'ui://x') expect(appResourceUri(tool({ 'ui/resourceUri': value }))).toBeUndefined()
    }
    expect(appResourceUri([tool({ ui: { resourceUri: 'ui://a' } })])).toBeUndefined()
    expect(appResourceUri({ _meta: [{ ui: { resourceUri: 'ui://a' } }] })).toBeUndefined()
  })
})

describe('toolVisibility', () => {
  it("defaults to ['model', 'app']", () => {
    expect(toolVisibility(tool(undefined))).toEqual(['model', 'app'])
    expect(toolVisibility(tool({ ui: { resourceUri: 'ui://a' } }))).toEqual(['model', 'app'])
  })

  it('reads a declared list, in canonical order, without duplicates', () => {
    expect(toolVisibility(tool({ ui: { visibility: ['app'] } }))).toEqual(['app'])
    expect(toolVisibility(tool({ ui: { visibility: ['model'] } }))).toEqual(['model'])
    expect(toolVisibility(tool({ ui: { visibility: ['app', 'model', 'app'] } }))).toEqual(['model', 'app'])
  })

  it('drops unknown entries, and treats a list with no known entry as absent', () => {
    expect(toolVisibility(tool({ ui: { visibility: ['app', 'widget', 'MODEL', 1, null] } }))).toEqual(['app'])
    expect(toolVisibility(tool({ ui: { visibility: ['widget'] } }))).toEqual(['model', 'app'])
    expect(toolVisibility(tool({ ui: { visibility: [] } }))).toEqual(['model', 'app'])
  })

  it('never throws on hostile shapes, and a huge list costs two lookups', () => {
    for (const value of HOSTILE) {
      expect(toolVisibility(value)).toEqual(['model', 'app'])
      expect(toolVisibility(tool({ ui: value }))).toEqual(['model', 'app'])
      expect(toolVisibility(tool({ ui: { visibility: value } }))).toEqual(['model', 'app'])
    }
    expect(toolVisibility(tool({ ui: { visibility: 'app' } }))).toEqual(['model', 'app'])
    const huge = new Array<string>(1_000_000).fill('x')
    huge.push('app')
    expect(toolVisibility(tool({ ui: { visibility: huge } }))).toEqual(['app'])
  })

  it('returns a fresh array each time, so a caller cannot change the default', () => {
    const first = toolVisibility(tool(undefined))
    first.pop()
    expect(toolVisibility(tool(undefined))).toEqual(['model', 'app'])
  })
})

describe('isModelVisible, isAppVisible and modelTools', () => {
  const both = tool({ ui: { resourceUri: 'ui://a' } })
  const appOnly = { ...tool({ ui: { visibility: ['app'] } }), name: 'app-only' }
  const modelOnly = { ...tool({ ui: { visibility: ['model'] } }), name: 'model-only' }

  it('follow the visibility list', () => {
    expect([isModelVisible(both), isAppVisible(both)]).toEqual([true, true])
    expect([isModelVisible(appOnly), isAppVisible(appOnly)]).toEqual([false, true])
    expect([isModelVisible(modelOnly), isAppVisible(modelOnly)]).toEqual([true, false])
  })

  it('modelTools drops only the app-only tools, in order', () => {
    const plain = { name: 'plain', inputSchema: {} }
    expect(modelTools([plain, appOnly, both, modelOnly]).map((t) => t.name)).toEqual(['plain', 't', 'model-only'])
    expect(modelTools([])).toEqual([])
  })

  it('modelTools gives [] for something that is not an array', () => {
    for (const value of [undefined, null, 'tools', { length: 1, 0: both }]) expect(modelTools(value as never)).toEqual([])
  })
})

describe('elicitationAppUri (SEP-3118)', () => {
  it('reads params._meta.ui.resourceUri of a form question', () => {
    expect(elicitationAppUri(question({}))).toBe('ui://colours/picker.html')
    expect(elicitationAppUri(question({ mode: 'form' }))).toBe('ui://colours/picker.html')
  })

  it('never for a URL question, an unknown mode, or a question without a schema', () => {
    expect(elicitationAppUri(question({ mode: 'url', url: 'https://example.com' }))).toBeUndefined()
    expect(elicitationAppUri(question({ mode: 'app' }))).toBeUndefined()
    expect(elicitationAppUri(question({ mode: 'FORM' }))).toBeUndefined()
    expect(elicitationAppUri(question({ requestedSchema: undefined }))).toBeUndefined()
    expect(elicitationAppUri(question({ requestedSchema: 'object' }))).toBeUndefined()
  })

  it('only a ui:// URI, and not the deprecated flat key', () => {
    expect(elicitationAppUri(question({ _meta: { ui: { resourceUri: 'https://evil.com/picker' } } }))).toBeUndefined()
    expect(elicitationAppUri(question({ _meta: { ui: { resourceUri: 'javascript:alert(1)' } } }))).toBeUndefined()
    expect(elicitationAppUri(question({ _meta: { 'ui/resourceUri': 'ui://colours/picker.html' } }))).toBeUndefined()
    expect(elicitationAppUri(question({ _meta: { ui: { resourceUri: 'UI://colours/picker.html' } } }))).toBe('UI://colours/picker.html')
  })

  it('never throws on hostile shapes', () => {
    for (const value of HOSTILE) {
      expect(elicitationAppUri(value)).toBeUndefined()
      expect(elicitationAppUri(question({ _meta: value }))).toBeUndefined()
      expect(elicitationAppUri(question({ _meta: { ui: value } }))).toBeUndefined()
      if (value !== 'ui://x') expect(elicitationAppUri(question({ _meta: { ui: { resourceUri: value } } }))).toBeUndefined()
    }
  })
})
