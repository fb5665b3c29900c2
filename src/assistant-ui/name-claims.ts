/**
 * The names MCP tools get in one assistant-ui runtime, clear of every other
 * tool registered there. assistant-ui merges the tools of all registrations
 * by name and throws ("already exists") for a second tool of one name, from
 * inside the runtime, so the thread is gone. A server may list a name the
 * app's own tools (`useAssistantTool`, a toolkit) or a second
 * `<McpAssistantTools>` for another server use too. So each registration
 * joins one group per runtime; the group reads the names in the rest of the
 * model context (its own registrations offering nothing while it reads),
 * then names each registration's tools in the order they mounted with the one
 * naming rule, a clashing tool getting the `_2`, `_3` suffix. The model
 * context asks at every merge, so a tool the app registers later moves ours
 * aside instead of breaking the merge.
 */
import { assignModelNames } from '../chat/tool-names.js'

/** One registration: its place (first come, first named), the names its listing gives its tools, and the names its app set aside. */
export interface NameClaim {
  order: number
  names: readonly string[]
  reserved: readonly string[]
}

let orders = 0

/** A registration's place, taken once when it mounts: a new listing keeps it, so its tools keep their names. */
export function nextClaimOrder(): number {
  return orders++
}

export class NameGroup {
  #claims: NameClaim[] = []
  #reading = false
  readonly #readOthers: (() => readonly string[]) | undefined

  /** `readOthers`: the names in the whole model context; undefined when the runtime cannot tell (then only `reserved` is avoided). */
  constructor(readOthers: (() => readonly string[]) | undefined) {
    this.#readOthers = readOthers
  }

  /** True while the group reads the rest of the model context: its registrations then offer no tools. */
  get reading(): boolean {
    return this.#reading
  }

  /** Adds a registration at its place; returns its removal. */
  join(claim: NameClaim): () => void {
    this.#claims = placed(this.#claims, claim)
    return () => {
      this.#claims = this.#claims.filter((other) => other !== claim)
    }
  }

  /** The names `claim`'s tools get now (as if at its place, if it has not joined yet). */
  namesOf(claim: NameClaim): string[] {
    const claims = this.#claims.includes(claim) ? this.#claims : placed(this.#claims, claim)
    const taken = new Set([...this.#others(), ...claims.flatMap((each) => each.reserved)])
    for (const each of claims) {
      const names = assignModelNames(each.names, taken)
      if (each === claim) return names
      for (const name of names) taken.add(name)
    }
    return []
  }

  #others(): readonly string[] {
    // Asked again from inside that read (the model context merges our registrations too): our tools are not the others'.
    if (!this.#readOthers || this.#reading) return []
    this.#reading = true
    try {
      return this.#readOthers()
    } catch {
      // The app's own tools clash among themselves: nothing we can avoid; the runtime reports that itself.
      return []
    } finally {
      this.#reading = false
    }
  }
}

function placed(claims: readonly NameClaim[], claim: NameClaim): NameClaim[] {
  return [...claims, claim].sort((a, b) => a.order - b.order)
}

const groups = new WeakMap<object, NameGroup>()

/** The group of the runtime `key` stands for (created on first use). */
export function nameGroupOf(key: object, readOthers: (() => readonly string[]) | undefined): NameGroup {
  let group = groups.get(key)
  if (!group) {
    group = new NameGroup(readOthers)
    groups.set(key, group)
  }
  return group
}
