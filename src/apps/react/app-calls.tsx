/**
 * The app's own tool calls (`tools/call` from the frame), run like any call
 * on the page: through `useMcpTool`, so their input rounds, sign-in and
 * tasks work, and their questions are shown under the frame with the same
 * panel the chat uses (`lazy-round-panel.tsx`). The frame only ever gets the
 * result.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { McpCancelledError, type JsonObject, type McpResult } from '../../core/index.js'
import type { InputRequestPanelProps } from '../../forms/index.js'
import { LazyInputRequestPanel } from '../../forms/lazy-round-panel.js'
import { useMcpTool, type UseMcpCallOptions } from '../../react/index.js'

/** One call the frame made, waiting for its component to run it. */
interface AppCallRequest {
  id: number
  name: string
  arguments: JsonObject
  signal: AbortSignal
  settle: (outcome: { result: McpResult } | { error: unknown }) => void
}

/** What the panels of the app's calls are drawn with (the chat's own choices). */
export type AppCallPanelProps = Pick<InputRequestPanelProps, 'onSampling' | 'roots' | 'validator' | 'theme' | 'messages' | 'onError'>

/**
 * Returns the function the bridge calls for the frame's `tools/call`, and the
 * panels of the calls in flight, to render under the frame.
 */
export function useAppCalls(options: UseMcpCallOptions | undefined, panel: AppCallPanelProps): { call: (name: string, args: JsonObject, context: { signal: AbortSignal }) => Promise<McpResult>; panels: ReactNode } {
  const [requests, setRequests] = useState<readonly AppCallRequest[]>([])
  const next = useRef(0)
  const call = useCallback(
    (name: string, args: JsonObject, { signal }: { signal: AbortSignal }) =>
      new Promise<McpResult>((resolve, reject) => {
        const request: AppCallRequest = {
          id: ++next.current,
          name,
          arguments: args,
          signal,
          settle: (outcome) => {
            setRequests((list) => list.filter((entry) => entry !== request))
            if ('result' in outcome) resolve(outcome.result)
            else reject(outcome.error)
          },
        }
        setRequests((list) => [...list, request])
      }),
    [],
  )
  const panels = requests.map((request) => <AppCall key={request.id} request={request} options={options} panel={panel} />)
  return { call, panels }
}

function AppCall({ request, options, panel }: { request: AppCallRequest; options: UseMcpCallOptions | undefined; panel: AppCallPanelProps }) {
  const tool = useMcpTool(request.name, options)
  const started = useRef(false)
  useEffect(() => {
    // Once, StrictMode included: a second run would cancel the first call.
    if (started.current) return
    started.current = true
    // The panel (a chunk of its own) is fetched with the call, so it is there if the call asks something.
    LazyInputRequestPanel.preload().catch(() => {}) // a failure shows where the round goes, with Try again
    const stop = () => tool.cancel()
    request.signal.addEventListener('abort', stop, { once: true })
    void tool.call(request.arguments).then((state) => {
      request.signal.removeEventListener('abort', stop)
      if (state.status === 'done') request.settle({ result: state.result })
      else request.settle({ error: state.status === 'error' ? state.error : new McpCancelledError({ method: 'tools/call' }) })
    })
  }, [])
  if (tool.status === 'awaiting_input') {
    return <LazyInputRequestPanel status={tool.status} inputs={tool.inputs} round={tool.round} respond={tool.respond} saveDraft={tool.saveDraft} {...panel} autoFocus />
  }
  if (tool.status === 'needs_auth') {
    return <LazyInputRequestPanel status={tool.status} auth={tool.auth} server={tool.server} respond={tool.respond} messages={panel.messages} onError={panel.onError} autoFocus />
  }
  return null
}
