import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { sourceAliases } from '../vite.aliases.ts'

// Storybook's own Vite config, so the library build in the root vite.config.ts
// (lib mode, every peer external) never reaches the preview bundle. Stories
// import the library by its public names, resolved to the sources as in the
// demo (demo/vite.config.ts).
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  resolve: { alias: sourceAliases },
  // Storybook keeps only `build.target` of this file; see viteFinal in main.ts.
  build: { target: 'es2022' },
})
