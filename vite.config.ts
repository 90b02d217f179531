import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { bootPlugin, firstScreensGroup } from './scripts/vite-boot-plugin';
import { FIRST_SCREENS } from './src/app/first-screens';

const apiPort = Number(process.env['API_PORT'] ?? 8080);
const api = `http://127.0.0.1:${apiPort}`;

/**
 * The H5 app, served under /h5/ with hash routing. Route files in src/routes are
 * turned into src/routeTree.gen.ts; every screen is split into its own chunk.
 */
export default defineConfig({
  base: '/h5/',
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    react(),
    bootPlugin(),
    // An installable app: the web manifest, and a service worker (Workbox) that precaches the
    // shell and every screen's chunk, so a repeat visit and an offline start open at once.
    // A new build waits for the user's "Reload" (src/app/update.ts); the API and the socket
    // are never cached (the quotes kept offline are the worker's own, in IndexedDB). It also
    // shows price alerts' Web Push notifications (public/alert-push.js).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['logo.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/h5/',
        name: 'Kestrel',
        short_name: 'Kestrel',
        description: 'Quotes, spot, futures and options trading on a simulated market',
        start_url: '/h5/',
        scope: '/h5/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0e0f13',
        theme_color: '#0e0f13',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/h5/index.html',
        navigateFallbackAllowlist: [/^\/h5\/?$/, /^\/h5\/index\.html$/],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        // Price alerts' Web Push: shown as notifications with the app closed (public/alert-push.js).
        importScripts: ['alert-push.js'],
      },
    }),
    // Brotli and gzip copies made once at build time; the server sends the one the browser accepts.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|webmanifest)$/, threshold: 1024 }),
  ],
  // The realtime worker as ES modules (started with type: 'module'), so it can load a part
  // later: its account arithmetic comes with the first account snapshot (worker/account-channel.ts).
  worker: {
    format: 'es',
    // Named apart from the app's chunks: index.html's boot script starts the entry
    // (scripts/vite-boot-plugin.ts), and npm run size lists the parts.
    rolldownOptions: {
      output: { entryFileNames: 'assets/core-worker-[hash].js', chunkFileNames: 'assets/core-worker-part-[name]-[hash].js' },
    },
  },
  // React 18 has useSyncExternalStore built in: the signals' runtime and the router's store
  // take the package's plain entries (React's own hook) instead of its shim for React 16/17,
  // which would ride along in the first screen's JavaScript for nothing.
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  // The English texts bundled with the app arrive as JSON.parse('…'): parsed faster than
  // the same data written as a JavaScript object on a slow phone.
  json: { stringify: true },
  build: {
    outDir: 'dist/h5',
    emptyOutDir: true,
    target: 'es2022',
    // Maps for debugging stay beside the build; the server does not serve them (server/app.ts).
    sourcemap: 'hidden',
    // scripts/size.ts reads it to add up what the first screen loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // What the first screen needs in one file: the entry's whole static graph (React,
        // the router, i18next and English, the shell) would otherwise come as ~40 small
        // chunks, queued six at a time on an HTTP/1.1 connection, a round trip each.
        // And the app's own modules the first screens import (shared parts such as the
        // skeleton, dialogs and price cells): one more chunk, not a dozen. The parts eight
        // or more other screens share (forms, lists, sheets, the API's views) come as one
        // chunk too: a screen opened for the first time waits on fewer round trips, and the
        // route table's preload lists, which the first screen's JavaScript carries, are shorter.
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }, { name: firstScreensGroup(FIRST_SCREENS) }, { name: 'screens', minShareCount: 8, test: /src\/(ui|lib|features|app|core)\/|contract\// }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
