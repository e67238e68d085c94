/**
 * React and its DOM renderer, evaluated in a task of their own (main.tsx imports this module, lets
 * the browser breathe, then app/libraries.ts, then the app): the libraries' start-up is two
 * shorter tasks instead of one that held the main thread 25-30 ms here, four times that on a slow
 * phone (issue 34). Part of the `react` chunk (vite.config.ts), not a file of its own. Nothing uses
 * these exports; importing them is what runs the modules' code.
 */
export { createRoot } from 'react-dom/client';
export { startTransition } from 'react';
