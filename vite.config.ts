import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Library build: an ESM file per public entry, every dependency external so
// the app's bundler decides (and dedupes) what ships. Behind the entries,
// one file per module of src/ (preserveModules): an app's bundler then
// splits and tree-shakes dist/ as it would the sources, each module whole or
// not at all. Chunks of our own would be units it cannot cut: a chunk holding
// a module the app needs keeps every top-level statement of the others in it
// that may have side effects (a `guard(…)` call, a `new Set(…)`), and a chunk
// that a part loaded on demand shares becomes a file of its own in the app.
// Measured with the bench's entries bundled from dist/ by Vite: with chunks,
// 11.6 KB min+gz for the core (9.9 KB from src/), 16.2 KB with the React
// hooks (13.5) and 152.9 KB for the typical app (148.1); with one file per
// module, what src/ gives.
export default defineConfig({
  // public/ holds the demo page's assets, not the library's.
  publicDir: false,
  build: {
    target: 'es2022',
    sourcemap: true,
    minify: false,
    lib: {
      entry: {
        index: 'src/core/index.ts',
        auth: 'src/auth/index.ts',
        react: 'src/react/index.ts',
        forms: 'src/forms/index.ts',
        apps: 'src/apps/index.ts',
        'apps-react': 'src/apps/react/index.ts',
        'ai-sdk': 'src/ai-sdk/index.ts',
        'ai-sdk-react': 'src/ai-sdk/react/index.ts',
        'assistant-ui': 'src/assistant-ui/index.ts',
        elements: 'src/elements/index.ts',
        stores: 'src/stores/index.ts',
        'stores-server': 'src/stores/server/index.ts',
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: [/^eventsource-parser/, /^oauth4webapi/, /^react/, /^@rjsf\//, /^ai$/, /^ai\//, /^@ai-sdk\//, /^@assistant-ui\//, /^assistant-stream/, /^idb$/, /^pg$/, /^@electric-sql\//, /^node:/],
      // dist/core/client.js next to the dist/core/client.d.ts tsc writes; the entries keep their names (dist/index.js, …).
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
      },
      // The react and forms entries open with "use client" for React Server
      // Components; rolldown keeps it at the top of those entry files (the
      // package check asserts it), so its "may not be preserved" notice is noise.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return
        handler(level, log)
      },
    },
  },
  test: {
    // Vitest's default in run mode is one worker per core minus one: a single
    // worker on a 2-core CI machine. Most of these tests wait on real servers
    // over loopback, so one worker per core keeps both cores busy.
    maxWorkers: availableParallelism(),
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'demo/**/*.test.ts', 'servers/**/*.test.ts', 'stories/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['test/support/dom-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
