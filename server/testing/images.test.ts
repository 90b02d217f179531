import { expect, test } from 'vitest';
import { harnessConfig, HARNESS_START } from './harness';
import { imageKey } from './images';

/**
 * Test servers on different folders share one database image: a folder in the key would
 * make every server build its own (seconds each, and the images kept in memory).
 */
test("two test servers' folders leave their database image the same; a setting the seed reads does not", () => {
  const key = (dir: string, env: Record<string, string> = {}) => imageKey(harnessConfig(dir, env), HARNESS_START);
  expect(key('/tmp/kestrel-test-a')).toBe(key('/tmp/kestrel-test-b'));
  expect(key('/tmp/kestrel-test-a', { SIGNUP_GIFT: '10000' })).not.toBe(key('/tmp/kestrel-test-a'));
});
