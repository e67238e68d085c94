import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Built to apps/web/dist, which the server serves at the same origin with an SPA fallback.
 * `vite dev` proxies the API paths to a server started locally on port 8080.
 */
const API_TARGET = 'http://127.0.0.1:8080';
// A key starting with ^ is a RegExp: '/asset/' must not catch Vite's own '/assets/...'.
const API_PATHS = '^/(asset|api|transaction|uploads)/';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    // npm hoists an older react (a peer of antd-mobile's animation packages) to the
    // repository root; exactly one React instance must serve the app and every library.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      [API_PATHS]: { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
});
