/**
 * The depth chart's points: cumulative quantity against price. Bids arrive best
 * (highest) first as [price, qty, price, qty, ...]; the result rises in price, the
 * bids' totals growing away from the spread, then the asks' from the best ask up.
 */
export interface DepthPoint {
  price: number;
  total: number;
}

export function depthPoints(bids: ArrayLike<number>, asks: ArrayLike<number>): { bids: DepthPoint[]; asks: DepthPoint[] } {
  const bidPoints: DepthPoint[] = new Array<DepthPoint>(bids.length >> 1);
  let total = 0;
  for (let i = 0, n = bidPoints.length; i < n; i++) {
    total += bids[2 * i + 1] as number;
    bidPoints[n - 1 - i] = { price: bids[2 * i] as number, total };
  }
  const askPoints: DepthPoint[] = new Array<DepthPoint>(asks.length >> 1);
  total = 0;
  for (let i = 0; i < askPoints.length; i++) {
    total += asks[2 * i + 1] as number;
    askPoints[i] = { price: asks[2 * i] as number, total };
  }
  return { bids: bidPoints, asks: askPoints };
}
