import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiPort = Number(process.env['API_PORT'] ?? 8080);
const api = `http://127.0.0.1:${apiPort}`;

/**
 * The operator console (admin/), a second build beside the app's: served by the same
 * server at /admin/ (server/app.ts), hash routing, no service worker and no web manifest
 * (operators work online, on a laptop; nothing of it should linger offline). It shares the
 * app's transport, toast and theme (src/api/transport.ts, src/ui/), not its state.
 */
export default defineConfig({
  root: 'admin',
  base: '/admin/',
  plugins: [
    react(),
    // Brotli and gzip copies made once at build time, as for the app.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json)$/, threshold: 1024 }),
  ],
  // As the app: React 18's own useSyncExternalStore, not the shim for 16/17.
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  json: { stringify: true },
  build: {
    outDir: '../dist/admin',
    emptyOutDir: true,
    target: 'es2022',
    // Maps for debugging stay beside the build; the server does not serve them.
    sourcemap: 'hidden',
  },
  server: {
    port: 5174,
    proxy: {
      '/api': api,
      '/uploads': api,
    },
  },
});
