/**
 * The Vue page: the custom elements in a Vue app, bound as Vue binds any
 * element (`:client.prop`, `@status`), in the page's light DOM with the
 * forms' stylesheet linked as in React. Vue is the demo's (a dev
 * dependency), never the library's.
 */
import { createApp } from 'vue'
import 'mcp-elicit/forms/styles.css'
import { define } from 'mcp-elicit/elements'
import App from './App.vue'

// Before the app mounts, so Vue creates the elements already defined.
define()
createApp(App).mount('#app')
