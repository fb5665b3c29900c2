/**
 * The AI SDK checks its messages with zod 4, which tries `Function('')` to see
 * whether it may compile its checks: under this page's CSP (no
 * 'unsafe-eval') that try is a violation, and Firefox reports it
 * (docs/ai-sdk.md, "Under a strict CSP"). zod tries when a schema is made,
 * and the AI SDK makes its schemas as its modules load: the page imports
 * this module first, so it runs before them. The page uses its export: the
 * package declares no side effects outside CSS, so a bare `import './x'`
 * would be left out of the bundle.
 */
import { config } from 'zod'

/** True once zod is told to compile nothing. */
export const zodJitless: boolean = config({ jitless: true }).jitless === true
