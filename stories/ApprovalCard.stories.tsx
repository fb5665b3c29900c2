import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import type { JsonObject } from '../src/core/index'
import { ApprovalCard } from '../src/forms/index'
import { hostile, longMessage, roots, roundInputs, samplingAnswer } from './recorded'

const sampling = roundInputs.find((input) => input.method === 'sampling/createMessage')!
const rootsRequest = roundInputs.find((input) => input.method === 'roots/list')!

const meta = {
  title: 'Forms/ApprovalCard',
  component: ApprovalCard,
  args: { onRespond: fn(), input: sampling },
  parameters: { rootClass: 'mcp-elicit-approval' },
} satisfies Meta<typeof ApprovalCard>

export default meta
type Story = StoryObj<typeof meta>

const samplingWith = (params: JsonObject) => ({ ...sampling, params })

export const Sampling: Story = {
  name: 'Sampling (official example)',
  args: { onSampling: fn(async () => samplingAnswer) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('What is the capital of France?')).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Approve' })).toBeEnabled()
  },
}

export const SamplingReview: Story = {
  name: 'Sampling: generated answer awaiting review',
  args: { onSampling: fn(async () => samplingAnswer) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }))
    await expect(await canvas.findByRole('button', { name: 'Send' })).toBeEnabled()
    await expect(canvas.getByText('Paris.')).toBeInTheDocument()
    await expect(args.onRespond).not.toHaveBeenCalled()
  },
}

export const SamplingCannotApprove: Story = {
  name: 'Sampling: app cannot answer (decline only)',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull()
    await expect(canvas.getByText('This app cannot answer this request; you can only decline it.')).toBeInTheDocument()
  },
}

export const SamplingFailed: Story = {
  name: 'Sampling: generation failed',
  args: { onSampling: fn(async () => Promise.reject(new Error('The model is rate limited (429); try again in a minute.'))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not generate an answer: The model is rate limited')
  },
}

export const SamplingNonTextContent: Story = {
  name: 'Sampling: image and audio content',
  args: {
    input: samplingWith({
      messages: [
        { role: 'user', content: { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } },
        { role: 'user', content: { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' } },
        { role: 'user', content: { type: 'text', text: 'Describe the picture and the sound.' } },
      ],
      maxTokens: 200,
    }),
    onSampling: fn(async () => samplingAnswer),
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img, audio')).toBeNull()
    await expect(within(canvasElement).getByText('[image content not shown]')).toBeInTheDocument()
  },
}

export const Roots: Story = {
  args: { input: rootsRequest, roots },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('file:///home/ada/projects/trip-planner')).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Approve' })).toBeEnabled()
  },
}

export const RootsCannotApprove: Story = {
  name: 'Roots: app shares none (decline only)',
  args: { input: rootsRequest },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Approve' })).toBeNull()
  },
}

export const LongTexts: Story = {
  args: {
    input: samplingWith({
      systemPrompt: longMessage,
      messages: [
        { role: 'user', content: { type: 'text', text: longMessage } },
        { role: 'assistant', content: { type: 'text', text: 'W'.repeat(400) } },
      ],
      maxTokens: 1000,
    }),
    onSampling: fn(async () => samplingAnswer),
  },
}

export const HostileText: Story = {
  name: 'Hostile text (rendered as text)',
  tags: ['hostile-text'],
  args: {
    input: { ...samplingWith({ systemPrompt: hostile, messages: [{ role: hostile, content: { type: 'text', text: hostile } }], maxTokens: 10 }), server: { name: hostile, version: '1' } },
    onSampling: fn(async () => ({ role: 'assistant', content: { type: 'text', text: hostile }, model: hostile })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }))
    await canvas.findByRole('button', { name: 'Send' })
    await expect(canvas.getAllByText(hostile).length).toBeGreaterThan(1)
  },
}

export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  args: { onSampling: fn(async () => samplingAnswer) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-theme="dark"] .mcp-elicit-approval')).not.toBeNull()
  },
}
