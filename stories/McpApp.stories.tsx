import { useState, type ReactNode } from 'react'
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { withMcpApps } from '../src/apps/index'
import { McpApp, McpAppsProvider } from '../src/apps/react/index'
import type { McpResult } from '../src/core/index'
import { McpToolCall } from '../src/forms/index'
import { McpProvider } from '../src/react/index'
import { APP_MIME_TYPE, askView, storySandbox, weatherView } from './app-views'
import { complete, inputRequired, recordedClient, rpcResult, type SentRequest, type ToolScript } from './recorded-server'

const forecast = 'Zurich: 14 °C, light rain, clearing in the evening.'
/** The `weather` tool's result, as a story's McpApp is given it. */
const weatherResult: McpResult = {
  content: [{ type: 'text', text: forecast }],
  structuredContent: { city: 'Zurich', temperatureC: 14, conditions: 'light rain' },
}

const cityQuestion = (resourceUri: string) => ({
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Which city should the forecast be for?',
    requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City', enum: ['Zurich', 'Geneva', 'Basel'] } }, required: ['city'] },
    // SEP-3118: the server's own view draws this question.
    _meta: { ui: { resourceUri } },
  },
})

/** Asks for the city with a question drawn by `resourceUri`, then answers with its forecast. */
const askCity =
  (resourceUri: string): ToolScript =>
  (request) => {
    const answer = request.params.inputResponses?.city as { action?: string; content?: { city?: string } } | undefined
    if (!answer) return inputRequired(request, { city: cityQuestion(resourceUri) })
    return complete(request, answer.action === 'accept' ? `Forecast for ${String(answer.content?.city)}: 14 °C, light rain.` : `No forecast: ${String(answer.action)}`)
  }

/** A `resources/read` answer with one app view. */
const view = (html: string) => (request: SentRequest) =>
  rpcResult(request, { contents: [{ uri: String(request.params.uri), mimeType: APP_MIME_TYPE, text: html, _meta: { ui: { prefersBorder: false } } }], resultType: 'complete' })

/**
 * The recorded weather server: `weather` has an app (`ui://weather/view.html`),
 * `forecast` asks a question its app draws (`ui://weather/ask.html`); the
 * `_offline` twins name `ui://weather/offline.html`, whose read fails
 * (-32002, Resource not found), so their apps cannot load.
 */
function weatherServer() {
  return recordedClient(
    {
      weather: (request) => rpcResult(request, { ...weatherResult, resultType: 'complete' }),
      weather_offline: (request) => rpcResult(request, { ...weatherResult, resultType: 'complete' }),
      forecast: askCity('ui://weather/ask.html'),
      forecast_offline: askCity('ui://weather/offline.html'),
    },
    {
      toolTitles: { weather: 'Weather', weather_offline: 'Weather' },
      toolMeta: { weather: { ui: { resourceUri: 'ui://weather/view.html' } }, weather_offline: { ui: { resourceUri: 'ui://weather/offline.html' } } },
      resources: { 'ui://weather/view.html': view(weatherView), 'ui://weather/ask.html': view(askView) },
      // The MCP Apps extension, with SEP-3118's app-drawn questions.
      capabilities: withMcpApps({ elicitation: { form: {}, url: {} } }, { elicitation: true }),
    },
  )
}

/** One client per mounted story, so every story starts from a fresh connection. */
function WeatherServer({ children }: { children: ReactNode }) {
  const [client] = useState(weatherServer)
  return <McpProvider client={client}>{children}</McpProvider>
}
const withWeatherServer: Decorator = (Story) => (
  <WeatherServer>
    <Story />
  </WeatherServer>
)

/** Chat turns under McpAppsProvider: every McpToolCall shows its tool's app, and apps may draw their questions. */
const withApps: Decorator = (Story) => (
  <McpAppsProvider sandbox={storySandbox()}>
    <Story />
  </McpAppsProvider>
)

const meta = {
  title: 'Apps/McpApp',
  component: McpApp,
  decorators: [withWeatherServer],
  // Built per story: `storySandbox()` reads the page's location.
  render: (args) => <McpApp {...args} sandbox={args.sandbox ?? storySandbox()} />,
  args: { tool: 'weather' },
  parameters: { rootClass: 'mcp-elicit-app' },
} satisfies Meta<typeof McpApp>

export default meta
type Story = StoryObj<typeof meta>

const stateOf = (canvasElement: HTMLElement, rootClass: string) => canvasElement.querySelector(`.${rootClass}`)?.getAttribute('data-state')

/** A view needs a second to load through the proxy on a loaded machine. */
const loading = { timeout: 10_000 }

// Stories tagged `app-frame` need a real cross-origin frame (the sandbox proxy on the other loopback name) to finish:
// their play functions run in Chromium (e2e/stories.spec.ts); under jsdom stories.test.tsx checks the frame they set up.
export const WithResult: Story = {
  name: "Tool's app with its result",
  tags: ['app-frame'],
  args: { arguments: { city: 'Zurich' }, result: weatherResult, onLog: fn() },
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(stateOf(canvasElement, 'mcp-elicit-app')).toBe('ready'), loading)
    await expect(within(canvasElement).getByTitle('Weather')).toHaveClass('mcp-elicit-app-frame')
    // The view logs what it showed: the result reached it through the sandbox proxy.
    await waitFor(() => expect(args.onLog).toHaveBeenCalledWith(expect.objectContaining({ logger: 'weather-view', data: { shown: forecast } })), loading)
  },
}

export const QuestionDrawnByApp: Story = {
  name: 'Question drawn by the server’s app (SEP-3118) in McpToolCall',
  tags: ['app-frame'],
  decorators: [withApps],
  parameters: { rootClass: 'mcp-elicit-call' },
  render: () => <McpToolCall name="forecast" autoRun />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(stateOf(canvasElement, 'mcp-elicit-app-question')).toBe('ready'), loading)
    await expect(stateOf(canvasElement, 'mcp-elicit-call')).toBe('awaiting_input')
    await expect(within(canvasElement).getByRole('button', { name: 'Use the plain form instead' })).toBeEnabled()
    // The app draws the question instead of the native form.
    await expect(within(canvasElement).queryByRole('group', { name: 'Which city should the forecast be for?' })).toBeNull()
  },
}

export const AppFailsResultShows: Story = {
  name: 'App fails to load: the plain result shows',
  args: { onAppError: fn() },
  parameters: { rootClass: 'mcp-elicit-call' },
  render: (args) => (
    <McpAppsProvider sandbox={storySandbox()} onAppError={args.onAppError}>
      <McpToolCall name="weather_offline" arguments={{ city: 'Zurich' }} autoRun />
    </McpAppsProvider>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    // The result may show before the listing says the tool has an app: the app's attempt comes, fails, and goes.
    await waitFor(() => expect(args.onAppError).toHaveBeenCalledWith(expect.objectContaining({ name: 'McpAppError' })), loading)
    await expect(await canvas.findByText(forecast, {}, loading)).toBeInTheDocument()
    await expect(stateOf(canvasElement, 'mcp-elicit-call')).toBe('done')
    await waitFor(() => expect(canvasElement.querySelector('iframe')).toBeNull())
  },
}

export const AppFailsNativeForm: Story = {
  name: 'Question’s app fails to load: the native form shows, answered',
  decorators: [withApps],
  parameters: { rootClass: 'mcp-elicit-call' },
  render: () => <McpToolCall name="forecast_offline" autoRun />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const form = await canvas.findByRole('group', { name: 'Which city should the forecast be for?' }, loading)
    await expect(canvasElement.querySelector('iframe')).toBeNull()
    // The group comes before its fields, which wait for the default validator: found, not got.
    await userEvent.selectOptions(await within(form).findByRole('combobox', { name: /^City/ }, loading), 'Geneva')
    await userEvent.click(within(form).getByRole('button', { name: 'Accept' }))
    await expect(await canvas.findByText('Forecast for Geneva: 14 °C, light rain.')).toBeInTheDocument()
    await expect(stateOf(canvasElement, 'mcp-elicit-call')).toBe('done')
  },
}
