import type { Decorator, Preview } from '@storybook/react-vite'
import '../src/forms/styles.css'

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
