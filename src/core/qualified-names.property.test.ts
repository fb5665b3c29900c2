/**
 * Properties of the qualified tool names over any listing a server may send:
 * every name is one the providers accept, unique, naming its server, the
 * same whatever the order of the listing (a reload, another server's
 * listing arriving first), and a name that needed no change keeps it.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MODEL_TOOL_NAME, qualifyToolNames, serverIdOfToolName } from './qualified-names.js'

const serverId = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9-]{0,23}$/)
// Anything a server may call a tool: any code unit (lone surrogates, controls, bidi), long or empty.
const toolName = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[a-zA-Z0-9_-]{1,70}$/) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 90 }) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf', 'a.b', 'a_b', 'a b', '') },
  { weight: 1, arbitrary: fc.string({ minLength: 200, maxLength: 2000 }) },
)
const listing = fc.uniqueArray(toolName, { maxLength: 40 })

describe('qualifyToolNames (properties)', () => {
  it('gives names every provider accepts, unique, each naming its server', () => {
    fc.assert(
      fc.property(serverId, listing, (id, names) => {
        const qualified = qualifyToolNames(id, names)
        expect(new Set(qualified).size).toBe(names.length)
        for (const name of qualified) {
          expect(name).toMatch(MODEL_TOOL_NAME)
          expect(name).toMatch(/^[a-zA-Z]/)
          expect(serverIdOfToolName(name)).toBe(id)
        }
      }),
    )
  })

  it('gives each tool the same name whatever the order of the listing', () => {
    fc.assert(
      fc.property(serverId, listing, fc.infiniteStream(fc.nat()), (id, names, randoms) => {
        const shuffled = [...names]
        const pick = randoms[Symbol.iterator]()
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = pick.next().value % (i + 1)
          ;[shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!]
        }
        const byName = new Map(names.map((name, index) => [name, qualifyToolNames(id, names)[index]]))
        qualifyToolNames(id, shuffled).forEach((name, index) => expect(name).toBe(byName.get(shuffled[index]!)))
      }),
    )
  })

  it('keeps a name the providers accept as it is after the prefix', () => {
    fc.assert(
      fc.property(serverId, listing, (id, names) => {
        const qualified = qualifyToolNames(id, names)
        names.forEach((name, index) => {
          if (/^[a-zA-Z0-9_-]+$/.test(name) && id.length + 2 + name.length <= 64) expect(qualified[index]).toBe(`${id}__${name}`)
        })
      }),
    )
  })

  it('never gives two servers one name, even for the same tools', () => {
    fc.assert(
      fc.property(serverId, serverId, listing, (a, b, names) => {
        fc.pre(a !== b)
        const first = new Set(qualifyToolNames(a, names))
        for (const name of qualifyToolNames(b, names)) expect(first.has(name)).toBe(false)
      }),
    )
  })
})
