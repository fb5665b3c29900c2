/**
 * The React key of each question card of a round: what decides whether a
 * form keeps what the person typed or starts over.
 *
 * A card is keyed by the round it was first shown in and its question key
 * (`round:key`), so a new round that asks a key again (a 2026-07-28 server
 * asking once more, with a reason) gets a fresh form. But a question can
 * change rounds while it stays open: a 2025-11-25 server may push another
 * request while the first waits, and the observer then shows both under
 * the new round number, the open question as the same `PendingInput`
 * object (call-observer.ts `#ask`). That card keeps the key it was shown
 * with, or its form would remount empty. A new round always brings new
 * objects, so object identity tells the two apart; a caller that hands
 * fresh copies on every render gets `round:key`, as before.
 */
import { useEffect, useRef } from 'react'
import type { PendingInput } from '../core/index.js'

export function useCardKeys(pending: readonly PendingInput[], round: number | undefined): string[] {
  // Only the questions of the last committed render: one that left the screen and came back starts over.
  const shown = useRef(new Map<PendingInput, string>())
  const keys = pending.map((input) => shown.current.get(input) ?? `${round ?? ''}:${input.key}`)
  // Recorded once committed, so a render React throws away leaves nothing behind.
  useEffect(() => {
    shown.current = new Map(pending.map((input, index) => [input, keys[index]!]))
  })
  return keys
}
