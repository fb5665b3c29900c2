/**
 * An error boundary around one server-driven part of the page (a card, a
 * result). Whatever a server sends, rendering it must not unmount the host's
 * whole React root: a part that throws while rendering is replaced by its
 * `fallback`, and the error goes to `onError` instead.
 *
 * A class component because React offers error boundaries only as classes.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react'

export interface CardBoundaryProps {
  children?: ReactNode
  /** Shown instead of `children` once they threw; receives what was thrown. */
  fallback: (error: unknown) => ReactNode
  /** Told about the error, with React's component stack. */
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
  /** A change (e.g. a new request object) clears the error and renders `children` again. */
  resetKey?: unknown
}

interface CardBoundaryState {
  /** Separate from `error`: `throw undefined` is a failure too. */
  failed: boolean
  error: unknown
}

export class CardBoundary extends Component<CardBoundaryProps, CardBoundaryState> {
  override state: CardBoundaryState = { failed: false, error: undefined }

  static getDerivedStateFromError(error: unknown): CardBoundaryState {
    return { failed: true, error }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    try {
      this.props.onError?.(error, info)
    } catch (reportError) {
      // A broken reporter must not take the fallback down with it; surface it outside React.
      queueMicrotask(() => {
        throw reportError
      })
    }
  }

  override componentDidUpdate(previous: CardBoundaryProps): void {
    if (this.state.failed && !Object.is(previous.resetKey, this.props.resetKey)) this.setState({ failed: false, error: undefined })
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children
  }
}
