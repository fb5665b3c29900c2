import type { Decorator, Preview } from '@storybook/react-vite'
import { configure } from 'storybook/test'
import '../src/forms/styles.css'

// Play functions wait for what a person would see (a chunk loaded on demand, a server's answer): on a loaded
// 2-core machine that can take seconds, past testing-library's 1 s default, so every waitFor and findBy* gets 10 s.
configure({ asyncUtilTimeout: 10_000 })

/**
 * Light or dark, from the toolbar or a story's `globals: { theme: 'dark' }`.
 * The stylesheet reads `data-theme` on an ancestor (src/forms/styles.css).
 */
const withTheme: Decorator = (Story, context) => {
  const theme = context.globals.theme === 'dark' ? 'dark' : 'light'
  return (
    <div data-theme={theme} className="mcp-elicit-story" style={{ padding: '1rem', minHeight: '100%', background: theme === 'dark' ? '#0f1115' : '#ffffff', colorScheme: theme }}>
      <Story />
    </div>
  )
}

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Colour scheme of the forms stylesheet',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
  },
}

export default preview
