/**
 * The AI SDK checks its messages with zod 4, which tries `Function('')` to see
 * whether it may compile its checks: under this page's CSP (no
 * 'unsafe-eval') that try is a violation, and Firefox reports it
 * (docs/ai-sdk.md, "Under a strict CSP"). Imported first by the page, so it
 * runs before any module that parses with zod.
 */
import { config } from 'zod'

config({ jitless: true })
