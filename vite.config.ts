import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Library build: one ESM file per public entry, every dependency external so
// the app's bundler decides (and dedupes) what ships.
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
        // Not public (no `exports` entry): the parts McpToolCall and
        // InputRequestPanel load when first shown (src/forms/lazy-parts.tsx).
        // The forms entry also exports them statically, which would keep them
        // in its own chunk; as entries they get files of their own, so an app
        // bundling dist/ can leave them out of its first load as well. The
        // tool call is one too: what it shares with a part (messages, the
        // media checks of the file field, …) is then reached from two entries
        // the part is not, so it lands in a shared chunk, not in the part's.
        'forms-tool-call': 'src/forms/McpToolCall.tsx',
        'forms-tool-result': 'src/forms/ToolResult.tsx',
        'forms-url-elicitation': 'src/forms/UrlElicitation.tsx',
        'forms-sign-in-card': 'src/forms/SignInCard.tsx',
        'forms-approval-card': 'src/forms/ApprovalCard.tsx',
        'forms-task-status': 'src/forms/TaskStatus.tsx',
        // The round panel's own code, which McpToolCall loads on demand (src/forms/lazy-round-panel.tsx).
        'forms-round-panel': 'src/forms/round-panel.tsx',
        // The same for the check of an app-drawn answer (with the no-eval
        // validator), which AppQuestion loads on demand and the apps/react
        // entry exports (checkAppAnswer): a file of its own, not apps-react.js.
        'apps-answer-check': 'src/apps/react/answer-check.ts',
        // And apps/react's components: apps-react.js then only re-exports, and
        // an app's bundler links each import to the file that defines it. An
        // entry file with code of its own is included with all its static
        // imports, the check's among them, used or not.
        'apps-provider': 'src/apps/react/McpAppsProvider.tsx',
        'apps-app': 'src/apps/react/McpApp.tsx',
        'apps-app-question': 'src/apps/react/AppQuestion.tsx',
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: [/^eventsource-parser/, /^oauth4webapi/, /^react/, /^@rjsf\//, /^ai$/, /^ai\//, /^@ai-sdk\//, /^@assistant-ui\//, /^assistant-stream/],
      output: {
        // What the forms load on demand (default-validator.ts, lazy-file-widget.tsx, lazy-date-time.ts)
        // must stay chunks of their own here too, or an app bundling dist/
        // downloads it up front. Left alone, rolldown puts csp.ts and the
        // no-eval validator into the forms chunk (the entry exports them too)
        // and turns their import() into a reference to it; and the data URI
        // code that both lazy chunks use into the forms chunk too. A group
        // takes along the dependencies no earlier group took, hence the order:
        // first the few modules every form shares with the lazy ones, then
        // the data URI code both lazy chunks use, then the validator.
        codeSplitting: {
          groups: [
            { name: 'forms-shared', test: /src[\\/]forms[\\/](file-descriptor|no-eval-mark|date-formats|content-media|image-size)\.ts$/ },
            { name: 'file-data-uri', test: /src[\\/]forms[\\/]file-data-uri\.ts$/ },
            // The date-time conversions: the forms entry exports them, but a form loads them with its date-time widget (lazy-date-time.ts).
            { name: 'datetime', test: /src[\\/]forms[\\/]date-time(-format)?\.ts$/ },
            { name: 'no-eval-validator', test: /src[\\/]forms[\\/](csp|no-eval-validator|string-formats)\.ts$/ },
            // The apps' constants (withMcpApps needs them) apart from the MCP
            // Apps host that apps/react loads on demand, or they share its chunk.
            { name: 'apps-constants', test: /src[\\/]apps[\\/]constants\.ts$/ },
            // The apps' texts apart from every part's (texts/all.ts, which the
            // forms entry exports as defaultMessages), or apps/react reaches
            // all.ts's chunk and, through it, each card's texts and the card.
            { name: 'apps-texts', test: /src[\\/]forms[\\/]texts[\\/]apps\.ts$/ },
          ],
        },
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
