/**
 * The parts of a call that many pages never show, loaded the first time they
 * are shown (issue 23: a page pays only for what it uses). `McpToolCall` and
 * `InputRequestPanel` render these wrappers; the components themselves stay
 * exported from `mcp-elicit/forms` as they are, so an app that imports one
 * directly gets it in its own bundle, and an app that does not, never does.
 *
 * - the result renderer (`ToolResult` with its tree, blocks and media checks),
 *   fetched as soon as a call starts, so it is usually there before the
 *   result is;
 * - the URL consent card (with the URL analysis), the approval card
 *   (sampling, roots), the sign-in card and the task line: when shown;
 * - the round panel (`lazy-round-panel.tsx`), fetched once a call is on the
 *   page, after its first paint.
 *
 * Each wrapper holds its own Suspense boundary, so a part that is still
 * loading never hides anything around it (a form the person is filling in
 * stays as it is), and shows one short status line meanwhile. A chunk that
 * fails to load throws a {@link PartLoadError} to the error boundary its
 * caller already puts around the part (`CardBoundary`): the person gets that
 * boundary's readable fallback (a question can still be declined), never a
 * blank page, and the next time the part is shown the chunk is asked for again.
 */
import { lazy, Suspense, useState, type ComponentProps, type ComponentType, type ErrorInfo, type ReactNode } from 'react'
import type { ApprovalCard } from './ApprovalCard.js'
import { loadOnce } from '../core/index.js'
import { CardBoundary } from './CardBoundary.js'
import type { Messages } from './messages.js'
import { callTexts } from './texts/call.js'
import { resolvePart } from './texts/resolve.js'
import type { SignInCard } from './SignInCard.js'
import type { TaskLine } from './TaskLine.js'
import type { ToolResult } from './ToolResult.js'
import type { UrlElicitation } from './UrlElicitation.js'

/** A part's chunk could not be loaded (offline, a deploy replaced the files); `cause` is the loader's error. */
export class PartLoadError extends Error {
  override readonly name = 'PartLoadError'
  /** Which part: `ToolResult`, `UrlElicitation`, … */
  readonly part: string

  constructor(part: string, cause: unknown) {
    super(`mcp-elicit: the ${part} part could not be loaded`, { cause })
    this.part = part
  }
}

/** A wrapper that loads its component on first render, plus `preload()` to fetch it ahead of time. */
export interface LazyPart<P> {
  (props: P): ReactNode
  /** Starts loading the chunk (once); resolves when it is there. Rejects with a {@link PartLoadError}. */
  preload: () => Promise<unknown>
  displayName?: string
}

/** What every wrapper shows while its chunk loads: the call's own working line, already translated. */
function Loading({ messages }: { messages?: Partial<Messages> | undefined }) {
  return (
    <p role="status" className="mcp-elicit-loading">
      {resolvePart(messages, callTexts).running}
    </p>
  )
}

/**
 * Exported for its tests and for the file widget (`lazy-file-widget.tsx`);
 * the app-facing parts are the `Lazy…` constants below. `loading` is what
 * shows while the chunk loads: by default the call's working line, which a
 * part with `messages` among its props can translate; a part without them
 * (an rjsf widget) says what it shows instead.
 */
export function lazyPart<P extends { messages?: Partial<Messages> | undefined }>(part: string, load: () => Promise<ComponentType<P>>): LazyPart<P>
export function lazyPart<P extends object>(part: string, load: () => Promise<ComponentType<P>>, loading: (props: P) => ReactNode): LazyPart<P>
export function lazyPart<P extends { messages?: Partial<Messages> | undefined }>(
  part: string,
  load: () => Promise<ComponentType<P>>,
  loading: (props: P) => ReactNode = (props) => <Loading messages={props.messages} />,
): LazyPart<P> {
  // Set once the chunk is there: a part preloaded before its first render then renders at once, without a loading line.
  let loaded: ComponentType<P> | undefined
  // A failure is forgotten, so the next render (or preload) asks for the chunk again.
  const preload = loadOnce(() =>
    load().then(
      (Component) => (loaded = Component),
      (cause: unknown) => {
        throw new PartLoadError(part, cause)
      },
    ),
  )
  // React.lazy keeps a failure for good; a fresh one after each failure lets a later mount retry.
  const fresh = () =>
    lazy(() =>
      preload().then(
        (Component) => ({ default: Component }),
        (error: unknown) => {
          current = fresh()
          throw error
        },
      ),
    )
  let current = fresh()
  function Part(props: P) {
    // Taken once per mount: a mount whose load failed keeps its failed lazy (no retry loop); the next mount gets a fresh one.
    const [Loaded] = useState<ComponentType<P>>(() => loaded ?? current)
    return (
      <Suspense fallback={loading(props)}>
        <Loaded {...props} />
      </Suspense>
    )
  }
  Part.displayName = `Lazy(${part})`
  Part.preload = preload
  return Part
}

// Pure: a page that renders none of a part's users drops its wrapper, and with it the import().
export const LazyToolResult = /* @__PURE__ */ lazyPart<ComponentProps<typeof ToolResult>>('ToolResult', () => import('./ToolResult.js').then((m) => m.ToolResult))
export const LazyUrlElicitation = /* @__PURE__ */ lazyPart<ComponentProps<typeof UrlElicitation>>('UrlElicitation', () => import('./UrlElicitation.js').then((m) => m.UrlElicitation))
export const LazyApprovalCard = /* @__PURE__ */ lazyPart<ComponentProps<typeof ApprovalCard>>('ApprovalCard', () => import('./ApprovalCard.js').then((m) => m.ApprovalCard))
export const LazySignInCard = /* @__PURE__ */ lazyPart<ComponentProps<typeof SignInCard>>('SignInCard', () => import('./SignInCard.js').then((m) => m.SignInCard))

const LoadTaskLine = /* @__PURE__ */ lazyPart<ComponentProps<typeof TaskLine>>('TaskLine', () => import('./TaskLine.js').then((m) => m.TaskLine))

/**
 * The task line. Unlike the cards it had no boundary of its own: one here,
 * whose fallback is the plain working line a call without a task shows, so a
 * task line that cannot load or render leaves the call (and its Stop) usable.
 */
export function LazyTaskLine(props: ComponentProps<typeof TaskLine> & { onError?: ((error: unknown, info: ErrorInfo) => void) | undefined }) {
  const { onError, ...rest } = props
  return (
    // No resetKey: the task changes on every poll, and a part that failed would be tried (and reported) again each time.
    <CardBoundary onError={onError} fallback={() => <Loading messages={props.messages} />}>
      <LoadTaskLine {...rest} />
    </CardBoundary>
  )
}
