import { describe, expect, it } from 'vitest'
import { MODEL_TOOL_NAME, SERVER_ID, qualifiedToolName, qualifyToolNames, serverIdOfToolName, shortHash } from './qualified-names.js'

/** What every provider takes: the pattern, and a letter first (Gemini). */
function acceptable(name: string): void {
  expect(name).toMatch(MODEL_TOOL_NAME)
  expect(name).toMatch(/^[a-zA-Z]/)
}

describe('qualifiedToolName', () => {
  it('puts the server id before a name the providers accept, as it is', () => {
    expect(qualifiedToolName('calendar', 'create_event')).toBe('calendar__create_event')
    expect(qualifiedToolName('docs-search', 'Find-Page_2')).toBe('docs-search__Find-Page_2')
  })

  it('gives a tool of the same name on two servers two names, each naming its server', () => {
    const a = qualifiedToolName('demo', 'seat_map')
    const b = qualifiedToolName('legacy', 'seat_map')
    expect(a).not.toBe(b)
    expect(serverIdOfToolName(a)).toBe('demo')
    expect(serverIdOfToolName(b)).toBe('legacy')
  })

  it('cleans a refused name and adds a hash of the original, so names that clean alike differ', () => {
    const dotted = qualifiedToolName('notes', 'notes.read')
    const spaced = qualifiedToolName('notes', 'notes read')
    expect(dotted).toMatch(/^notes__notes_read_[0-9a-z]{6}$/)
    expect(spaced).toMatch(/^notes__notes_read_[0-9a-z]{6}$/)
    expect(dotted).not.toBe(spaced)
    acceptable(dotted)
  })

  it('clips a long name to 64 characters, with a hash of the whole name', () => {
    const long = 'x'.repeat(100)
    const other = `${'x'.repeat(99)}y`
    const name = qualifiedToolName('srv', long)
    expect(name.length).toBe(64)
    acceptable(name)
    expect(qualifiedToolName('srv', other)).not.toBe(name)
    // A name that fits exactly is kept; one character more is clipped.
    const room = 64 - 'srv__'.length
    expect(qualifiedToolName('srv', 'a'.repeat(room))).toBe(`srv__${'a'.repeat(room)}`)
    expect(qualifiedToolName('srv', 'a'.repeat(room + 1))).not.toBe(`srv__${'a'.repeat(room + 1)}`)
  })

  it('takes hostile names: prototype keys, unicode, control characters, 10,000 characters, nothing at all', () => {
    const hostile = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'café', '日本語', '🙂🙂', 'a\u0000b', '\u202Eevil', 'x'.repeat(10_000), '', '\uD800', 'tab\there', '../../etc/passwd']
    const names = hostile.map((name) => qualifiedToolName('srv', name))
    for (const name of names) {
      acceptable(name)
      expect(serverIdOfToolName(name)).toBe('srv')
      // Never a key every object already has: a plain object of tools keyed by these is safe.
      expect(Object.hasOwn(Object.prototype, name) || name === '__proto__').toBe(false)
    }
    expect(new Set(names).size).toBe(hostile.length)
    expect(qualifiedToolName('srv', '__proto__')).toBe('srv____proto__')
  })

  it('refuses an id that is not a server id (the first `__` must end it, and it must start with a letter)', () => {
    for (const id of ['', 'a_b', '1abc', '-x', 'x'.repeat(25), 'ünï', '__proto__', 'a b']) expect(() => qualifiedToolName(id, 'tool')).toThrow(TypeError)
    for (const id of ['a', 'A-1', 'x'.repeat(24), 'constructor']) expect(id).toMatch(SERVER_ID)
  })
})

describe('qualifyToolNames', () => {
  it('keeps names unique within a server, a name that needed no change keeping it', () => {
    const names = qualifyToolNames('s', ['a.b', 'a_b', 'a b'])
    expect(names[1]).toBe('s__a_b')
    expect(new Set(names).size).toBe(3)
    for (const name of names) acceptable(name)
  })

  it('breaks a hostile collision (a tool named as the hashed name of another) the same way in any order', () => {
    const hashed = qualifiedToolName('s', 'a.b').slice('s__'.length)
    const listing = ['a.b', hashed, 'zeta']
    const names = qualifyToolNames('s', listing)
    expect(names[1]).toBe(`s__${hashed}`)
    expect(names[0]).toBe(`s__${hashed}_2`)
    const reversed = qualifyToolNames('s', [...listing].reverse()).reverse()
    expect(reversed).toEqual(names)
  })

  it('never gives a name the app already uses', () => {
    const names = qualifyToolNames('s', ['search'], ['s__search'])
    expect(names).toEqual(['s__search_2'])
  })

  it('gives the same name to the same tool after a reload whatever the order of the listing', () => {
    const listing = ['trip_wizard', 'notes.read', 'x'.repeat(80), 'émoji🙂', 'seat_map']
    const first = Object.fromEntries(listing.map((name, index) => [name, qualifyToolNames('demo', listing)[index]]))
    const shuffled = [listing[3]!, listing[0]!, listing[4]!, listing[2]!, listing[1]!]
    const again = qualifyToolNames('demo', shuffled)
    shuffled.forEach((name, index) => expect(again[index]).toBe(first[name]))
  })
})

describe('shortHash', () => {
  it('is six base-36 characters, the same for the same text', () => {
    expect(shortHash('notes.read')).toMatch(/^[0-9a-z]{6}$/)
    expect(shortHash('notes.read')).toBe(shortHash('notes.read'))
    expect(shortHash('notes.read')).not.toBe(shortHash('notes.reae'))
  })

  it('does not change from one release to the next (stored conversations name tools by it)', () => {
    expect(qualifiedToolName('notes', 'notes.read')).toBe(`notes__notes_read_${shortHash('notes.read')}`)
    expect([shortHash('notes.read'), shortHash('a.b'), shortHash('')]).toMatchInlineSnapshot(`
      [
        "cdppie",
        "83prqf",
        "hrux9d",
      ]
    `)
  })
})

describe('serverIdOfToolName', () => {
  it('reads the id before the first `__`, and nothing from a name without one', () => {
    expect(serverIdOfToolName('cal__create__event')).toBe('cal')
    expect(serverIdOfToolName('create_event')).toBeUndefined()
    expect(serverIdOfToolName('__x')).toBeUndefined()
    expect(serverIdOfToolName('1a__x')).toBeUndefined()
  })
})
