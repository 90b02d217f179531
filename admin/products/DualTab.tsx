/** Built by the Dual task (replaced). */
export function DualTab() {
  return null;
}
