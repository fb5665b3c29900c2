/**
 * The forms' stylesheet as text (Vite inlines it at build time), for shadow
 * roots, where a page's own `<link>` does not reach. A chunk of its own:
 * only a page with an element in a shadow root loads it.
 */
import css from '../forms/styles.css?inline'

export const formsCss: string = css
