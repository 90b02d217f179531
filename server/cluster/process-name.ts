import crypto from 'node:crypto';
import os from 'node:os';

/** This process, as the records of who runs what name it (market_claims.owner, a job's lease): host, pid and a random part for a restart that reuses the pid. */
export const PROCESS_NAME = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
