/** Waiting on a call observer's states, for the store tests. */
import type { CallObserver, CallState } from '../../src/core/index.ts'

/** Resolves with the observer's first state that `accept` takes (the current one included). */
export function until(observer: CallObserver, accept: (state: CallState) => boolean): Promise<CallState> {
  return new Promise((resolve) => {
    const check = () => accept(observer.getSnapshot()) && (stop(), resolve(observer.getSnapshot()))
    const stop = observer.subscribe(check)
    check()
  })
}

/** A state asking the questions of round `round`. */
export const asking = (round: number) => (state: CallState) => state.status === 'awaiting_input' && state.round === round
