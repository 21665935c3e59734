/**
 * A step of a server-rendered page's start-up (main.tsx): importing this evaluates the chunk of
 * the libraries the app runs on – routing, data and state (vite.config.ts, `vendor`) – as a task
 * of its own. It re-exports one name only: a dynamic import of the package itself would keep
 * all of react-router's exports in the bundle.
 */
export { createBrowserRouter } from 'react-router';
