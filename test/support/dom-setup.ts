/**
 * Set-up of every test file (vite.config.ts `setupFiles`). In a DOM test
 * (`@vitest-environment jsdom`), Testing Library's `waitFor` and `findBy…`
 * give up after 5 s instead of their default 1 s: many components here wait
 * for a part loaded on demand (a card, the validator, the file or date-time
 * widget), whose first import Vite transforms while the test waits, and on a
 * loaded 2-core machine that has run past 1 s. A wait ends as soon as its
 * condition holds, so a passing test is no slower; only a failing one takes
 * longer to say so. Node-only test files do not load Testing Library at all.
 */
export {}

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 5_000 })
}
