// npm start: builds the app when the build is missing or older than its sources, then
// runs the server in this same process (one process: API, socket.io, app, uploads).
import { buildIfStale } from './build-app.mjs';

buildIfStale();

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
