/**
 * A part's texts: its groups of English defaults with the app's replacements
 * on top. The result is typed with the keys of the given groups only, so a
 * component that reads a text its part has no default for does not compile
 * (its default would be missing on the page, where only the part's own
 * groups are loaded).
 */
import type { Messages } from '../messages.js'

/** The keys of any of the groups (distributes over the union). */
type KeysOf<G> = G extends unknown ? keyof G : never

/** What a part reads: exactly the keys of its default groups. */
export type PartTexts<G extends readonly Partial<Messages>[]> = Pick<Messages, KeysOf<G[number]> & keyof Messages>

export function resolvePart<const G extends readonly Partial<Messages>[]>(messages: Partial<Messages> | undefined, ...defaults: G): PartTexts<G> {
  return Object.assign({}, ...defaults, messages) as PartTexts<G>
}
