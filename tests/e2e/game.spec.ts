import { expect, test } from '@playwright/test';
import { formatFixed } from '../../contract/format';
import { baseUrl, loggedInUser, open, toast } from './support';

interface Round {
  id: number;
  status: 'open' | 'won' | 'lost' | 'tie';
  stake: number;
  payout: number | null;
  start_tick: { seq: number; price: string };
  settle_tick: { seq: number; price: string; time: number } | null;
}

const price = (text: string) => formatFixed(Number(text), text.split('.')[1]?.length ?? 0, 'en');

/**
 * The mini game on the phone: a new user takes today's free points, guesses "higher" on
 * BTC/USDT with 100 of them, watches the round count down at the live price, and sees it
 * settled by the first trade after 60 seconds (the simulated market trades all the
 * time): the result, the settling trade's price and the points after it, as the server has them.
 */
test('a new user takes the daily points, plays a round and sees it settle with the points updated', async ({ page }) => {
  test.setTimeout(150_000);
  const user = await loggedInUser(page, 'game');
  await open(page, '/pages/game/game');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mini game');
  await expect(page.getByTestId('game-not-money')).toHaveText('Game points are for play only. They are not money: they cannot be bought, withdrawn or converted into coins.');
  await expect(page.getByTestId('game-points')).toHaveText('0');

  await page.getByTestId('game-claim').click();
  await expect(toast(page)).toHaveText('1,000 points added: you have 1,000 now.');
  await expect(page.getByTestId('game-points')).toHaveText('1,000');
  await expect(page.getByTestId('game-claim')).toHaveCount(0);
  await expect(page.getByTestId('game-claimed')).toBeVisible();

  // A stake the player cannot cover is refused at the field, before anything is sent.
  await page.locator('input[name=stake]').fill('5000');
  await page.getByTestId('game-higher').click();
  await expect(page.getByTestId('game-play').getByRole('alert')).toHaveText('You have 1,000 points: stake fewer.');

  await expect(page.getByTestId('game-market-BTC/USDT')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('game-stake-100').click();
  await expect(page.locator('input[name=stake]')).toHaveValue('100');
  await expect(page.getByTestId('game-payout')).toHaveText('A right guess pays 200; the same price gives 100 back.');
  await page.getByTestId('game-higher').click();
  await expect(toast(page)).toContainText('Round started: BTC/USDT Higher from ');
  await expect(page.getByTestId('game-points')).toHaveText('900');

  const round = page.getByTestId('game-round').first();
  await expect(round).toHaveAttribute('data-status', 'open');
  await expect(round.getByTestId('game-countdown')).toHaveText(/^(60|59|58|57|56|55) s$/);
  await expect(round.getByTestId('game-live-price')).toHaveText(/\d/);
  await expect(round.getByTestId('game-standing')).toHaveText(/^(Winning|Losing|Level) now$/);
  const started = await round.getByTestId('game-start-price').textContent();
  await page.screenshot({ path: test.info().outputPath('game-running.png') });

  // Settled by the first trade at or after 60 s: the card shows how, from the server's own record.
  await expect(round).not.toHaveAttribute('data-status', 'open', { timeout: 75_000 });
  const answer = (await (await page.request.get(`${baseUrl()}/api/game/rounds`, { headers: { authorization: user.token } })).json()) as { message: { data: Round[] } };
  const settled = answer.message.data[0];
  if (!settled?.settle_tick || settled.payout === null) throw new Error('the round is not settled on the server');
  expect(price(settled.start_tick.price)).toBe(started);
  await expect(round).toHaveAttribute('data-status', settled.status);
  const net = settled.payout - settled.stake;
  await expect(round.getByTestId('game-result')).toHaveText(
    `${{ won: 'Won', lost: 'Lost', tie: 'Tie', open: 'Running' }[settled.status]} ${net > 0 ? '+' : net < 0 ? '-' : ''}${Math.abs(net)} points`,
  );
  await expect(round.getByTestId('game-settle-price')).toHaveText(price(settled.settle_tick.price));
  await expect(round.getByTestId('game-settle-trade')).toContainText(`Trade #${settled.settle_tick.seq}`);
  await expect(page.getByTestId('game-points')).toHaveText((900 + settled.payout).toLocaleString('en-US'));
  await expect(page.getByTestId('game-history-round').first()).toHaveAttribute('data-status', settled.status);
  await page.screenshot({ path: test.info().outputPath('game-settled.png') });
});

test('a visitor sees the rules and the leaderboard, and is asked to log in to play', async ({ page }) => {
  await open(page, '/pages/game/game');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mini game');
  await expect(page.getByRole('tab', { name: 'Leaderboard' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await expect(page.getByTestId('game-not-money')).toBeVisible();
  await page.getByTestId('game-claim').click();
  await expect(toast(page)).toHaveText('Please log in first');
  await expect(page).toHaveURL(/#\/pages\/common\/login\?redirect=/);
});
