/**
 * A card's answer callback that goes through at most once, shared by the
 * card and the fallback its boundary shows: a card that answered and then
 * failed must not let its fallback answer a second time.
 */
import { useCallback, useRef, type RefObject } from 'react'

export function useRespondOnce<T>(onRespond: (value: T) => void): { respond: (value: T) => void; sent: RefObject<boolean> } {
  const sent = useRef(false)
  const respond = useCallback(
    (value: T) => {
      if (sent.current) return
      sent.current = true
      onRespond(value)
    },
    [onRespond],
  )
  return { respond, sent }
}
