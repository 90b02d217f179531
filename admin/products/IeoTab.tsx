/** Built by the Ieo task (replaced). */
export function IeoTab() {
  return null;
}
