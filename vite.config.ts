import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

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
    // Brotli and gzip copies made once at build time; the server sends the one the browser accepts.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|webmanifest)$/, threshold: 1024 }),
  ],
  build: {
    outDir: 'dist/h5',
    emptyOutDir: true,
    target: 'es2022',
    // Maps for debugging stay beside the build; the server does not serve them (server/app.ts).
    sourcemap: 'hidden',
    // scripts/size.ts reads it to add up what the first screen loads.
    manifest: true,
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
