/** Vite's `?inline` imports: a stylesheet's text as a string (the adopted sheet of a shadow root, shadow-styles.ts). */
declare module '*.css?inline' {
  const css: string
  export default css
}
