/**
 * The AI SDK is an optional peer: whatever version the app installed is the
 * one we get. Rather than fail deep inside a call with "x is not a
 * function", each function or method the adapter uses is checked where it
 * is first needed, and a missing one gets an {@link McpAiSdkError} that names
 * the package, the API and the version to install.
 */
import { McpAiSdkError } from './errors.js'

/** The peer versions the adapter is written against (package.json `peerDependencies`). */
export const SUPPORTED = { ai: '7', '@ai-sdk/react': '4' } as const

/**
 * `source[name]` when it is a function, else an `AI_SDK_MISSING_API` error.
 * `source` is a module namespace (`import * as ai from 'ai'`) or an object
 * such as `useChat`'s helpers; `what` says where it comes from.
 */
export function requireFunction<TFunction extends (...args: never[]) => unknown>(
  source: unknown,
  name: string,
  what: { package: keyof typeof SUPPORTED; from?: string },
): TFunction {
  const value = typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[name] : undefined
  if (typeof value === 'function') return value as TFunction
  const where = what.from ? `${what.from} (${what.package})` : `\`${what.package}\``
  throw new McpAiSdkError(
    'AI_SDK_MISSING_API',
    `mcp-elicit/ai-sdk needs \`${name}\` from ${where}, and the installed version has none. It is written for ${what.package} ${SUPPORTED[what.package]}: run \`npm install ${what.package}@${SUPPORTED[what.package]}\`.`,
  )
}
