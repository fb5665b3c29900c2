'use client'
/**
 * mcp-elicit/forms: the person-facing side of an MCP call. Accessible,
 * unstyled components (stable class names, `data-state`) on @rjsf/core, plus
 * an optional stylesheet (`mcp-elicit/forms/styles.css`).
 *
 * The widgets and templates inside `ElicitationForm` stay unexported: their
 * props follow rjsf's and may change with it; pass an rjsf `theme` instead.
 */
export { ElicitationForm } from './ElicitationForm.js'
export type { ElicitationFormProps, ElicitationFormTheme, ElicitationRequest } from './ElicitationForm.js'
export { UrlElicitation } from './UrlElicitation.js'
export type { UrlElicitationProps, UrlElicitationRequest } from './UrlElicitation.js'
export { ApprovalCard } from './ApprovalCard.js'
export type { ApprovalCardProps } from './ApprovalCard.js'
export { InputRequestPanel } from './InputRequestPanel.js'
export type { InputRequestPanelProps } from './InputRequestPanel.js'
export { McpToolCall } from './McpToolCall.js'
export { SignInCard } from './SignInCard.js'
export type { SignInCardAuth, SignInCardProps } from './SignInCard.js'
export type { McpToolCallProps } from './McpToolCall.js'
export { TaskStatus } from './TaskStatus.js'
export type { TaskStatusProps } from './TaskStatus.js'
export { ToolResult } from './ToolResult.js'
export type { ToolResultProps } from './ToolResult.js'
export { ContentBlocks } from './content-blocks.js'
export type { ContentBlocksProps } from './content-blocks.js'
export { checkMedia, IMAGE_TYPES, AUDIO_TYPES, DEFAULT_MAX_MEDIA_BYTES, DEFAULT_MAX_IMAGE_PIXELS } from './content-media.js'
export type { MediaCheck, MediaKind } from './content-media.js'
export { CardBoundary } from './CardBoundary.js'
export type { CardBoundaryProps } from './CardBoundary.js'
export { CardFallback } from './CardFallback.js'
export type { CardFallbackProps } from './CardFallback.js'
export { defaultMessages, resolveMessages } from './messages.js'
export type { AskingServer, Messages, ValidationField } from './messages.js'
export { analyzeUrl, endpointHost } from './url-safety.js'
export type { UrlAnalysis, UrlRefusal, UrlWarning } from './url-safety.js'
export { toFormSchema, pickSubmittedContent } from './schema.js'
export type { FormSchema, SubmittedValue, UnsupportedField } from './schema.js'
export { toDateTimeInput, fromDateTimeInput } from './date-time.js'
export { noEvalValidator } from './no-eval-validator.js'
export type { NoEvalValidator } from './no-eval-validator.js'
export { canEvaluateCode, chooseValidator } from './csp.js'
