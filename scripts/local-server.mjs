// What the throwaway servers of the tests (scripts/postgres.mjs, scripts/redis.mjs) share:
// installing a Debian package when it is missing, and a free loopback port.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

/** Installs Debian packages (apt-get, through sudo unless root), throwing when it fails. */
export function aptInstall(packages, why, log = console.log) {
  const asRoot = process.getuid?.() === 0;
  const apt = (args) => (asRoot ? ['apt-get', args] : ['sudo', ['apt-get', ...args]]);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log(`installing Debian ${packages.join(', ')} (${why})…`);
  for (const args of [['update'], ['install', '-y', ...packages]]) {
    const [command, commandArgs] = apt(args);
    const result = spawnSync(command, commandArgs, { env, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/** A port of 127.0.0.1 that nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
