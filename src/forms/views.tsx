/**
 * The one seam through which a layer above the forms draws a tool call or a
 * form question its own way (`mcp-elicit/apps` puts a server's MCP App
 * there), without the forms knowing what it draws.
 *
 * `McpToolCall` asks `toolView` from the moment a call starts; the
 * `InputRequestPanel` asks `formQuestion` for every form elicitation. Each
 * gets the default rendering as `fallback` and returns it when it has
 * nothing better (the tool has no app, the app failed): the default is never
 * lost, and a question is never declined because its other view failed.
 */
import { createContext, useContext, type ReactNode } from 'react'
import type { InputResponse, JsonObject, McpResult, PendingInput } from '../core/index.js'
import type { McpCallStatus } from '../react/index.js'

/** What {@link McpViews.toolView} is given. */
export interface ToolViewProps {
  /** The tool called. */
  name: string
  /** Its arguments, as sent. */
  arguments: JsonObject | undefined
  /** The call's status; never `idle`. */
  status: McpCallStatus
  /** The result, once `done`. */
  result: McpResult | undefined
  /** The error's message, once `error`. */
  error: string | undefined
  /** What `McpToolCall` shows without the view: the result block once `done`, nothing before. */
  fallback: ReactNode
}

/** What {@link McpViews.formQuestion} is given. */
export interface FormQuestionViewProps {
  /** The question, as the call holds it (`server` and `url` say who asks). */
  input: PendingInput
  /** Its params (`requestedSchema`, `message`, `_meta`), an object. */
  params: Readonly<Record<string, unknown>>
  /** Answers it. */
  onRespond: (response: InputResponse) => void
  /** The native form for the same question. */
  fallback: ReactNode
}

export interface McpViews {
  /** Draws a tool call (from its start); return `fallback` to keep the default. */
  toolView?: ((props: ToolViewProps) => ReactNode) | undefined
  /** Draws a form question; return `fallback` to keep the native form. */
  formQuestion?: ((props: FormQuestionViewProps) => ReactNode) | undefined
}

const NO_VIEWS: McpViews = Object.freeze({})

/** Carries the views down to every `McpToolCall` and `InputRequestPanel` below it. */
export const McpViewsContext = /* @__PURE__ */ createContext<McpViews>(NO_VIEWS)

/** The views in effect here (none without a provider). */
export function useMcpViews(): McpViews {
  return useContext(McpViewsContext)
}

/** Renders a view function as a component, so an error boundary around it catches what it throws. */
export function RenderView<Props>({ view, props }: { view: (props: Props) => ReactNode; props: Props }) {
  return view(props)
}
