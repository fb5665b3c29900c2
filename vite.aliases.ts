import { fileURLToPath } from 'node:url'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * The package's public names resolved to its sources, so the demo and the
 * stories import `mcp-elicit/forms` as an app would and still run what the
 * repository holds.
 */
export const sourceAliases = [
  { find: /^mcp-elicit\/forms\/styles\.css$/, replacement: source('./src/forms/styles.css') },
  { find: /^mcp-elicit\/ai-sdk\/react$/, replacement: source('./src/ai-sdk/react/index.ts') },
  { find: /^mcp-elicit\/ai-sdk$/, replacement: source('./src/ai-sdk/index.ts') },
  { find: /^mcp-elicit\/assistant-ui$/, replacement: source('./src/assistant-ui/index.ts') },
  { find: /^mcp-elicit\/elements$/, replacement: source('./src/elements/index.ts') },
  { find: /^mcp-elicit\/apps\/react$/, replacement: source('./src/apps/react/index.ts') },
  { find: /^mcp-elicit\/apps$/, replacement: source('./src/apps/index.ts') },
  { find: /^mcp-elicit\/forms$/, replacement: source('./src/forms/index.ts') },
  { find: /^mcp-elicit\/stores\/server$/, replacement: source('./src/stores/server/index.ts') },
  { find: /^mcp-elicit\/stores$/, replacement: source('./src/stores/index.ts') },
  { find: /^mcp-elicit\/auth$/, replacement: source('./src/auth/index.ts') },
  { find: /^mcp-elicit\/react$/, replacement: source('./src/react/index.ts') },
  { find: /^mcp-elicit$/, replacement: source('./src/core/index.ts') },
]
