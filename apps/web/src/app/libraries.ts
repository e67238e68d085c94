/**
 * The libraries every page runs, evaluated on their own (main.tsx imports this module, lets the
 * browser breathe, then imports the app): their start-up and the app's modules are two shorter
 * tasks instead of one long one that holds the main thread on a slow phone (issue 14). Nothing
 * uses these exports; importing them is what runs the libraries' module code.
 */
export { createRoot } from 'react-dom/client';
export { RouterProvider } from 'react-router';
export { QueryClientProvider } from '@tanstack/react-query';
export { default as i18next } from 'i18next';
export { initReactI18next } from 'react-i18next';
