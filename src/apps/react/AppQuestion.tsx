/**
 * A form question drawn by the server's own app (SEP-3118, experimental):
 * when a form `elicitation/create` names a `ui://` view of the same server,
 * the view is mounted in the sandbox, given the unchanged request, and its
 * answer is checked against `requestedSchema` here before it is sent. If the
 * app cannot be shown, fails, or answers what was not asked, the native form
 * takes its place: never a decline. The person can switch to the native form
 * at any time. The frame is bound to this question and torn down once
 * answered.
 *
 * The host (`mountMcpApp`, `load-mount.ts`) and the check (`answer-check.ts`,
 * with the forms' no-eval validator) are chunks of their own, fetched
 * together when such a question is shown: a page that never meets one never
 * downloads the check. The question goes to the app only once the check is
 * there, so an answer is never taken unchecked. A check that cannot be
 * fetched tears the app down without asking it (the message of its
 * `McpNetworkError` goes to `onWarning`); a host that cannot be fetched goes
 * to `onAppError` (`APP_FRAME_FAILED`); either way the native form takes its
 * place.
 */
import { useContext, useEffect, useRef, useState } from 'react'
import { loadChunk, loadOnce, sameEndpoint } from '../../core/index.js'
import type { FormQuestionViewProps } from '../../forms/index.js'
import { appTexts } from '../../forms/texts/apps.js'
import { resolvePart } from '../../forms/texts/resolve.js'
import { useMcpClient } from '../../react/index.js'
import type { McpAppHandle } from '../mount.js'
import { elicitationAppUri } from '../ui-meta.js'
import type { checkAppAnswer } from './answer-check.js'
import { McpAppsContext } from './context.js'
import { loadMount, mountLoadFailed } from './load-mount.js'

/** The answer check, loaded on demand (once per page; again after a failure, by the next question). */
const loadAnswerCheck: () => Promise<typeof checkAppAnswer> = loadOnce(() => loadChunk('the app answer check', () => import('./answer-check.js').then((module) => module.checkAppAnswer)))

export function AppQuestion({ input, params, onRespond, fallback }: FormQuestionViewProps) {
  const host = useContext(McpAppsContext)
  const client = useMcpClient()
  const uri = elicitationAppUri(params)
  // Only the server that asks may draw its question, and only with a view of its own.
  const usable = uri !== undefined && host.sandbox !== undefined && sameEndpoint(input.url, client.url)
  const [native, setNative] = useState(false)
  const [ready, setReady] = useState(false)
  const frameHost = useRef<HTMLDivElement | null>(null)
  const latest = useRef(onRespond)
  latest.current = onRespond

  useEffect(() => {
    if (!usable || native || !frameHost.current) return
    const element = frameHost.current
    const controller = new AbortController()
    // Fetched with the host; a failure is told once, here, and ends in the native form below.
    const checking = loadAnswerCheck().catch((error: unknown) => {
      if (!controller.signal.aborted) (host.onWarning ?? console.warn)(`[mcp-elicit/apps] ${error instanceof Error ? error.message : String(error)}: the question is asked with the native form`)
      return undefined
    })
    let mounted: McpAppHandle | undefined
    void (async () => {
      const mountMcpApp = await loadMount().catch((error: unknown) => {
        if (!controller.signal.aborted) host.onAppError?.(mountLoadFailed(error, uri))
        throw error
      })
      if (controller.signal.aborted) return
      const app = (mounted = mountMcpApp(element, {
        client,
        sandbox: host.sandbox!,
        resourceUri: uri,
        elicitation: true,
        hostInfo: host.hostInfo,
        hostContext: host.hostContext,
        ...(host.maxHeight !== undefined ? { maxHeight: host.maxHeight } : {}),
        ...(host.initTimeoutMs !== undefined ? { initTimeoutMs: host.initTimeoutMs } : {}),
        ...(host.onWarning ? { onWarning: host.onWarning } : {}),
        ...(host.allowSameSiteSandboxOnLoopback ? { allowSameSiteSandboxOnLoopback: true } : {}),
        onError: (error) => {
          if (!controller.signal.aborted) setNative(true)
          host.onAppError?.(error)
        },
      }))
      // An answer that could not be checked is never asked for: the app gets the question only with the check in hand.
      const [, check] = await Promise.all([app.ready, checking])
      if (!check) throw new Error('The answer check could not be loaded.')
      if (controller.signal.aborted) return
      setReady(true)
      // The person's time: no timeout on the answer itself (the native form is one click away).
      const answer = await app.elicit(params as Record<string, never>, { signal: controller.signal })
      const checked = check(params.requestedSchema, answer)
      if (!checked) throw new Error('The app answered what was not asked.')
      await app.teardown()
      if (!controller.signal.aborted) latest.current(checked)
    })().catch(() => {
      if (controller.signal.aborted) return
      if (mounted) void mounted.teardown()
      setNative(true)
    })
    return () => {
      controller.abort()
      if (mounted) void mounted.teardown()
    }
  }, [usable, native, uri, client, host.sandbox])

  if (!usable || native) return fallback
  return (
    <div className="mcp-elicit-app-question" data-state={ready ? 'ready' : 'loading'}>
      <div ref={frameHost} className="mcp-elicit-app-view" />
      <div className="mcp-elicit-actions">
        <button type="button" className="mcp-elicit-link" data-action="native-form" onClick={() => setNative(true)}>
          {resolvePart(host.messages, appTexts).appUseNativeForm}
        </button>
      </div>
    </div>
  )
}
