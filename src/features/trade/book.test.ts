import { describe, expect, test } from 'vitest';
import { groupingSteps, groupLevels, stepDecimals, type BookBucket } from './book';

const shown = (buckets: BookBucket[]) => buckets.map(({ price, quantity }) => [price.toFixed(), quantity.toFixed()]);

describe('price grouping of the order book', () => {
  test("a market's steps are its tick and ten, a hundred and a thousand ticks", () => {
    expect(groupingSteps(2)).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupingSteps(4)).toEqual(['0.0001', '0.001', '0.01', '0.1']);
    expect(groupingSteps(0)).toEqual(['1', '10', '100', '1000']);
    expect(groupingSteps(2).map(stepDecimals)).toEqual([2, 1, 0, 0]);
  });

  test('bids round down, asks round up, and the quantities of a bucket are summed', () => {
    const bids = [95_968.63, 0.1, 95_962.01, 0.2, 95_960, 0.3, 95_959.99, 0.4];
    expect(shown(groupLevels(bids, 'bid', '10', 6))).toEqual([
      ['95960', '0.6'],
      ['95950', '0.4'],
    ]);
    const asks = [95_970.01, 0.1, 95_979.99, 0.2, 95_980, 0.3, 95_980.01, 0.4];
    expect(shown(groupLevels(asks, 'ask', '10', 6))).toEqual([
      ['95980', '0.6'],
      ['95990', '0.4'],
    ]);
  });

  test('bucket edges and sums are exact decimals, not floats', () => {
    // As floats 0.1 + 0.2 is 0.30000000000000004 and 1.15 / 0.05 is 22.999999999999996.
    expect(shown(groupLevels([0.35, 0.1, 0.31, 0.2], 'bid', '0.1', 6))).toEqual([['0.3', '0.3']]);
    expect(shown(groupLevels([1.15, 1, 1.1, 2], 'bid', '0.05', 6))).toEqual([
      ['1.15', '1'],
      ['1.1', '2'],
    ]);
    expect(shown(groupLevels([1.13, 1], 'ask', '0.01', 6))).toEqual([['1.13', '1']]);
  });

  test('at the tick every level is its own bucket', () => {
    const asks = [100.01, 1, 100.02, 2, 100.03, 3];
    expect(shown(groupLevels(asks, 'ask', '0.01', 6))).toEqual([
      ['100.01', '1'],
      ['100.02', '2'],
      ['100.03', '3'],
    ]);
  });

  test('at most `limit` buckets, the last one with all its levels', () => {
    const bids = [109, 1, 101, 1, 99, 1, 91, 1, 89, 1];
    expect(shown(groupLevels(bids, 'bid', '10', 2))).toEqual([
      ['100', '2'],
      ['90', '2'],
    ]);
    expect(groupLevels([], 'bid', '10', 6)).toEqual([]);
  });
});
