import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
  ],
  build: {
    outDir: 'dist/h5',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
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
