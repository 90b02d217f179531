/** Built by the Coupons task (replaced). */
export function CouponsTab() {
  return null;
}
