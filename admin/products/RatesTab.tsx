/** Built by the Rates task (replaced). */
export function RatesTab() {
  return null;
}
