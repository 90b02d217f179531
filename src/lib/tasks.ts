/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle a
 * tap in between: a phone starting the app runs several short tasks instead of one long
 * one (Lighthouse's Total Blocking Time counts what a task runs past 50 ms).
 * `scheduler.yield()` resumes ahead of other queued tasks where the browser has it
 * (Chromium 129+); elsewhere a zero timeout.
 */
interface YieldingScheduler {
  yield(): Promise<void>;
}

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
