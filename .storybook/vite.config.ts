import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// Storybook's own Vite config, so the library build in the root vite.config.ts
// (lib mode, every peer external) never reaches the preview bundle. Stories
// import the library by its public names, resolved to the sources as in the
// demo (demo/vite.config.ts).
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  resolve: {
    alias: [
      { find: /^mcp-elicit\/forms\/styles\.css$/, replacement: here('../src/forms/styles.css') },
      { find: /^mcp-elicit\/forms$/, replacement: here('../src/forms/index.ts') },
      { find: /^mcp-elicit\/react$/, replacement: here('../src/react/index.ts') },
      { find: /^mcp-elicit$/, replacement: here('../src/core/index.ts') },
    ],
  },
  // Storybook keeps only `build.target` of this file; see viteFinal in main.ts.
  build: { target: 'es2022' },
})
