// @vitest-environment jsdom
/**
 * Every story, rendered in the test suite (portable stories): each must
 * mount its component's root, run its play function, log no console error,
 * and, when tagged `hostile-text`, create no element from server text.
 *
 * Stories tagged `app-frame` show an MCP App, which only runs in a real
 * cross-origin frame (the sandbox proxy on the other loopback name): jsdom
 * loads no frame, so their play functions run in Chromium only
 * (e2e/stories.spec.ts). Here each must get as far as jsdom allows: the app's
 * resource read and its frame pointed at the sandbox, with this page's origin
 * as `?host=`.
 */
import { readdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cleanup, render, waitFor } from '@testing-library/react'
import { composeStories, setProjectAnnotations, type ReactRenderer } from '@storybook/react-vite'
import type { ComposedStoryFn } from 'storybook/internal/types'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import preview from '../.storybook/preview'
import * as approvalCard from './ApprovalCard.stories'
import * as cardFallback from './CardFallback.stories'
import * as elicitationForm from './ElicitationForm.stories'
import * as fileInput from './FileInput.stories'
import * as inputRequestPanel from './InputRequestPanel.stories'
import * as mcpApp from './McpApp.stories'
import { storySandbox } from './app-views'
import * as mcpToolCall from './McpToolCall.stories'
import * as signInCard from './SignInCard.stories'
import * as themeShadcn from './ThemeShadcn.stories'
import * as toolResult from './ToolResult.stories'
import * as urlElicitation from './UrlElicitation.stories'

const files = {
  'ApprovalCard.stories.tsx': approvalCard,
  'CardFallback.stories.tsx': cardFallback,
  'ElicitationForm.stories.tsx': elicitationForm,
  'FileInput.stories.tsx': fileInput,
  'InputRequestPanel.stories.tsx': inputRequestPanel,
  'McpApp.stories.tsx': mcpApp,
  'McpToolCall.stories.tsx': mcpToolCall,
  'SignInCard.stories.tsx': signInCard,
  'ThemeShadcn.stories.tsx': themeShadcn,
  'ToolResult.stories.tsx': toolResult,
  'UrlElicitation.stories.tsx': urlElicitation,
}

const annotations = setProjectAnnotations([preview])
beforeAll(annotations.beforeAll)

let consoleError: MockInstance<typeof console.error>
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error')
})
afterEach(() => {
  cleanup()
  consoleError.mockRestore()
})

it('imports every stories file', () => {
  // A string, not `new URL(…)`: under jsdom `URL` is jsdom's, which node:url does not take.
  const here = dirname(fileURLToPath(import.meta.url))
  expect(readdirSync(here).filter((name) => name.endsWith('.stories.tsx')).sort()).toEqual(Object.keys(files).sort())
})

for (const [file, module] of Object.entries(files)) {
  // Typed as one story shape: the files' args differ too much for TypeScript to infer a common one.
  const stories = Object.entries<ComposedStoryFn<ReactRenderer>>(composeStories(module))
  describe(file, () => {
    it('has stories', () => {
      expect(stories.length).toBeGreaterThan(0)
    })

    for (const [exportName, Story] of stories) {
      it(exportName, async () => {
        await Story.load()
        const { container } = render(<Story />)
        if (Story.tags.includes('app-frame')) {
          const sandbox = `${storySandbox()}?host=${encodeURIComponent(location.origin)}`
          await waitFor(() => expect(container.querySelector<HTMLIFrameElement>('iframe.mcp-elicit-app-frame')?.src).toBe(sandbox))
          expect(new URL(sandbox).origin).not.toBe(location.origin)
        } else {
          await Story.play?.({ canvasElement: container })
        }

        const rootClass = Story.parameters.rootClass as string
        const root = container.querySelector<HTMLElement>(`.${rootClass}`)
        expect(root, `.${rootClass} rendered`).not.toBeNull()
        expect(root!.dataset.state).toBeTruthy()
        expect(container.querySelector(`[data-theme="${Story.globals.theme === 'dark' ? 'dark' : 'light'}"]`)).not.toBeNull()
        if (Story.tags.includes('hostile-text')) {
          expect(container.querySelector('script, img, iframe, a, b')).toBeNull()
        }
        expect(consoleError).not.toHaveBeenCalled()
      })
    }
  })
}
