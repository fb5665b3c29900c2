/**
 * The engine suite's fixtures, on the Playwright suite's own (e2e/fixtures.ts):
 * its demo stack (both demo servers, the protected ones and the built page
 * under the strict CSP, on free ports), one per engine run, and an engine
 * launched once per run (its project's `engine`). Each test gets a tab of its
 * own, with empty storage; after it, the tab's page must have logged no
 * error and seen no `securitypolicyviolation`, and the page server must have
 * received no CSP report.
 */
import { test as base } from '../fixtures.ts'
import { launch } from './engines.ts'
import type { Engine, EngineName, Tab } from './tab.ts'

export { expect } from '../fixtures.ts'

/** The one host a test blocks on purpose (the control that shows a violation would be seen): never a failure. */
export const CONTROL_HOST = 'csp-control.invalid'

export const test = base.extend<{ tab: Tab }, { engineName: EngineName; engine: Engine }>({
  engineName: ['chromium', { option: true, scope: 'worker' }],
  engine: [
    async ({ engineName, stack }, use) => {
      const engine = await launch(engineName, () => stack.sandboxes.map((sandbox) => sandbox.origin))
      try {
        await use(engine)
      } finally {
        await engine.close()
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  tab: async ({ engine, stack }, use, testInfo) => {
    const reportsBefore = stack.cspReports.length
    const tab = await engine.newTab()
    try {
      await use(tab)
      // As in e2e/fixtures.ts: Chromium logs each failed response (a 401 before the sign-in, the legacy era's 400 to a
      // modern probe) as a console error; those are the network's log, not the page's errors.
      const problems = (await tab.problems()).filter((problem) => !problem.includes(CONTROL_HOST) && !/Failed to load resource/.test(problem))
      const reports = stack.cspReports.slice(reportsBefore).filter((report) => !report.includes(CONTROL_HOST))
      testInfo.annotations.push({ type: 'engine', description: engine.version })
      base.expect(problems, 'errors and CSP violations in the page').toEqual([])
      base.expect(reports, 'CSP reports the page server received').toEqual([])
    } finally {
      await tab.close().catch(() => {})
    }
  },
})
