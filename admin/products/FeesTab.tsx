/** Built by the Fees task (replaced). */
export function FeesTab() {
  return null;
}
