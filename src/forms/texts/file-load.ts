/**
 * The texts of a file field whose widget could not be loaded
 * (`lazy-file-widget.tsx`). Apart from the widget's own texts (`file.ts`),
 * which load with the widget: these are needed exactly when it did not load,
 * so they come with the form.
 */
import type { Messages } from '../messages.js'

export const fileLoadTexts = {
  fileLoadFailed: 'The file input could not be loaded.',
  fileLoadRetry: 'Try again',
} satisfies Partial<Messages>
