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
      entry: { index: 'src/core/index.ts', react: 'src/react/index.ts', forms: 'src/forms/index.ts' },
      formats: ['es'],
    },
    rollupOptions: {
      external: [/^eventsource-parser/, /^react/, /^@rjsf\//],
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'demo/**/*.test.ts', 'stories/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
