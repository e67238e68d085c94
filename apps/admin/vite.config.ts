import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { TYPEBOX_PURE_BUILDERS } from '../../packages/contract/src/pure-builders';
import { antdStaticCss, cspSafeDynamicCss } from './antd-vite';

/**
 * The back office (issue 16), built to apps/admin/dist; the server serves it at /admin/ (ADMIN_DIST).
 * `vite dev` proxies the admin API to a server started locally on port 8080. antd's CSS is made at
 * build time and its run-time rules go through the CSSOM (antd-vite.ts), so the CSP holds.
 */
const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/admin/',
  plugins: [react(), antdStaticCss(), cspSafeDynamicCss()],
  resolve: {
    dedupe: ['react', 'react-dom'],
    alias: [
      // As in apps/web: react-router's production build instead of the development one its exports name.
      {
        find: /^react-router$/,
        replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
        manualPureFunctions: TYPEBOX_PURE_BUILDERS,
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '^/admin/api/': { target: API_TARGET, changeOrigin: true } },
  },
});
