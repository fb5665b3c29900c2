'use client'
/**
 * mcp-elicit/forms: the person-facing side of an MCP call. Accessible,
 * unstyled components (stable class names, `data-state`) on @rjsf/core, plus
 * an optional stylesheet (`mcp-elicit/forms/styles.css`).
 *
 * The widgets and templates inside `ElicitationForm` stay unexported: their
 * props follow rjsf's and may change with it; pass an rjsf `theme` instead.
 */
export { ElicitationForm } from './ElicitationForm'
export type { ElicitationFormProps, ElicitationFormTheme, ElicitationRequest } from './ElicitationForm'
export { UrlElicitation } from './UrlElicitation'
export type { UrlElicitationProps, UrlElicitationRequest } from './UrlElicitation'
export { ApprovalCard } from './ApprovalCard'
export type { ApprovalCardProps } from './ApprovalCard'
export { InputRequestPanel } from './InputRequestPanel'
export type { InputRequestPanelProps } from './InputRequestPanel'
export { McpToolCall } from './McpToolCall'
export type { McpToolCallProps } from './McpToolCall'
export { defaultMessages, resolveMessages } from './messages'
export type { AskingServer, Messages } from './messages'
export { analyzeUrl, endpointHost } from './url-safety'
export type { UrlAnalysis, UrlRefusal, UrlWarning } from './url-safety'
export { toFormSchema, pickSubmittedContent } from './schema'
export type { FormSchema, SubmittedValue, UnsupportedField } from './schema'
export { toDateTimeInput, fromDateTimeInput } from './date-time'
export { noEvalValidator } from './no-eval-validator'
export type { NoEvalValidator } from './no-eval-validator'
export { canEvaluateCode, chooseValidator } from './csp'
