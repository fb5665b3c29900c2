/** A `.vue` file as TypeScript sees it from a `.ts` module (the component itself is checked by Vue's compiler at build). */
declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent
  export default component
}
