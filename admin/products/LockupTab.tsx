/** Built by the Lockup task (replaced). */
export function LockupTab() {
  return null;
}
