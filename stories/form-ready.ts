/**
 * Waits until a form shows everything: without a `validator` prop its fields
 * follow the default validator, and a file field's input its widget, which
 * both load on demand (the form is `aria-busy` meanwhile, the file field
 * holds a placeholder). Play functions start with it, so they see what a
 * person sees once the page has loaded.
 */
import { expect, waitFor } from 'storybook/test'

export async function formReady(canvasElement: HTMLElement): Promise<void> {
  await waitFor(() => expect(canvasElement.querySelector('.mcp-elicit-form[aria-busy], .mcp-elicit-file-loading')).toBeNull())
}
