/**
 * The libraries every page runs besides React (the entry runs it a task earlier), evaluated
 * on their own (main.tsx imports this module, lets the browser breathe, then imports the app):
 * their start-up and the app's modules are shorter tasks instead of one long one that holds the
 * main thread on a slow phone (issues 14, 34). Nothing uses these exports; importing them is what
 * runs the libraries' module code.
 */
export { RouterProvider } from 'react-router';
export { QueryClientProvider } from '@tanstack/react-query';
export { default as i18next } from 'i18next';
export { initReactI18next } from 'react-i18next';
