/**
 * Turns MCP Apps on for every `McpToolCall` and every question below it: a
 * tool with a `ui://` view shows its app (with its input and result), and a
 * form question that names a view of its server is drawn by that app
 * (SEP-3118). Everything else renders as before. The props are the host
 * capabilities given to every app below, each off unless set.
 */
import { useMemo, type ReactNode } from 'react'
import { McpViewsContext, type McpViews, type ToolViewProps } from '../../forms/index.js'
import { AppQuestion } from './AppQuestion.js'
import { McpAppsContext } from './context.js'
import { McpApp, type McpAppHostProps } from './McpApp.js'

export interface McpAppsProviderProps extends McpAppHostProps {
  children?: ReactNode
}

export function McpAppsProvider({ children, ...host }: McpAppsProviderProps) {
  const views = useMemo<McpViews>(() => ({ toolView: (props) => <ToolApp {...props} />, formQuestion: (props) => <AppQuestion {...props} /> }), [])
  return (
    <McpAppsContext.Provider value={host}>
      <McpViewsContext.Provider value={views}>{children}</McpViewsContext.Provider>
    </McpAppsContext.Provider>
  )
}

/** A call's app: its input from the start, its result once done, cancelled when the call ended without one. */
function ToolApp({ name, arguments: args, status, result, error, fallback }: ToolViewProps) {
  const cancelled = status === 'cancelled' ? 'cancelled' : status === 'error' ? (error ?? 'error') : undefined
  return <McpApp tool={name} arguments={args} result={result} cancelled={cancelled} fallback={fallback} />
}
