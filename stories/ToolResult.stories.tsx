import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { ToolResult } from '../src/forms/index'
import { deepValue, gifDeclaring, jpegDeclaring, pngDeclaring, TINY_PNG, TINY_WAV } from '../src/forms/content-samples'

const meta = {
  title: 'Forms/ToolResult',
  component: ToolResult,
  parameters: { rootClass: 'mcp-elicit-tool-result' },
} satisfies Meta<typeof ToolResult>

export default meta
type Story = StoryObj<typeof meta>

export const Text: Story = { args: { result: { content: [{ type: 'text', text: 'Flight TR 815 booked: seat 23A.' }] } } }

export const LongText: Story = {
  name: 'Long text (folded)',
  args: { result: { content: [{ type: 'text', text: Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of the report.`).join('\n') }] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show all' }))
    await expect(within(canvasElement).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true')
  },
}

export const ImageAndAudio: Story = {
  name: 'Image and audio (data: URLs)',
  args: { result: { content: [{ type: 'image', mimeType: 'image/png', data: TINY_PNG }, { type: 'audio', mimeType: 'audio/wav', data: TINY_WAV }] } },
}

export const RefusedMedia: Story = {
  name: 'Refused: SVG, unknown type, oversize, bad base64',
  tags: ['hostile-text'],
  args: {
    maxMediaBytes: 16,
    result: {
      content: [
        { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+' },
        { type: 'audio', mimeType: 'application/x-shockwave-flash', data: 'AAAA' },
        { type: 'image', mimeType: 'image/png', data: TINY_PNG },
        { type: 'image', mimeType: 'image/png', data: '<b>not base64</b>' },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-refused]')).toHaveLength(4)
  },
}

export const PixelBombs: Story = {
  name: 'Hostile: pixel bombs (tiny files declaring huge canvases) and hidden characters',
  tags: ['hostile-text'],
  args: {
    result: {
      content: [
        { type: 'image', mimeType: 'image/png', data: pngDeclaring(100_000, 100_000) },
        { type: 'image', mimeType: 'image/png', data: gifDeclaring(65_535, 65_535) },
        { type: 'image', mimeType: 'image/jpeg', data: jpegDeclaring(65_000, 65_000, { junk: true, comment: 2_000 }) },
      ],
      structuredContent: { '\u202Ereport\u2066exe.txt': 'pay\u200Bpal.com', note: 'zero\u200Bwidth\u2028separator\uFEFF' },
    },
  },
  play: async ({ canvasElement }) => {
    await expect([...canvasElement.querySelectorAll('[data-refused]')].map((note) => note.getAttribute('data-refused'))).toEqual(['pixels', 'pixels', 'pixels'])
    await expect(canvasElement.querySelector('.mcp-elicit-tree-key')).toHaveTextContent('\\u202Ereport\\u2066exe.txt')
  },
}

export const Links: Story = {
  name: 'Resource links (host highlighted, https only as a link)',
  args: {
    result: {
      content: [
        { type: 'resource_link', uri: 'https://docs.example.com/guide', name: 'guide', title: 'The guide', description: 'Opens in a new tab.' },
        { type: 'resource_link', uri: 'https://p\u0430ypal.com/login', name: 'lookalike' },
        { type: 'resource_link', uri: 'file:///etc/passwd', name: 'passwd' },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('a[rel="noopener noreferrer"]')).toHaveLength(2)
  },
}

export const EmbeddedResources: Story = {
  args: {
    result: {
      content: [
        { type: 'resource', resource: { uri: 'demo://settings', mimeType: 'text/plain', text: 'theme=dark; language=en' } },
        { type: 'resource', resource: { uri: 'demo://blob', mimeType: 'application/octet-stream', blob: 'AAECAwQF' } },
      ],
    },
  },
}

export const Structured: Story = {
  name: 'structuredContent tree',
  args: { result: { content: [], structuredContent: { user: { name: 'Ada', roles: ['admin', 'dev'] }, rows: Array.from({ length: 150 }, (_, i) => ({ id: i })), ok: true, none: null } } },
  play: async ({ canvasElement }) => {
    const tree = within(canvasElement).getByRole('tree')
    await userEvent.click(tree.querySelector('[aria-level="2"] .mcp-elicit-tree-row')!)
    await expect(tree.querySelector('[aria-level="2"]')).toHaveAttribute('aria-expanded', 'true')
  },
}

const deep = deepValue(10_000)

export const Deep: Story = {
  name: 'Hostile: structuredContent nested 10,000 deep',
  // Not in args: Storybook walks args recursively, which overflows at this depth.
  args: { result: { content: [] } },
  render: (args) => <ToolResult {...args} result={{ content: [], structuredContent: deep }} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[role="treeitem"]').length).toBeLessThanOrEqual(3)
  },
}

export const IsError: Story = {
  name: 'isError',
  args: { result: { isError: true, content: [{ type: 'text', text: 'No seats left on TR 815.' }] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The tool reported an error:')
  },
}

export const Prompt: Story = {
  name: 'Prompt messages',
  args: { result: { messages: [{ role: 'user', content: { type: 'text', text: 'Write a short email.' } }, { role: 'assistant', content: { type: 'image', mimeType: 'image/png', data: TINY_PNG } }] } },
}

export const ResourceRead: Story = {
  name: 'Resource contents',
  args: { result: { contents: [{ uri: 'demo://settings', mimeType: 'text/plain', text: 'theme=dark' }] } },
}

export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  args: { result: { content: [{ type: 'text', text: 'Dark.' }], structuredContent: { a: 1 } } },
}
