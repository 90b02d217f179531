import { expect, test } from '@playwright/test';
import { demoUser, open, secondPhone, toast } from './support';

/**
 * The public chat room: a visitor reads and is asked to log in to write; a user's message
 * reaches the visitor's phone as it is written; a web address in it is a link that opens
 * outside the app and carries no trust; another language's room is another room; a
 * report reaches the operators; the sixth message in ten seconds is refused, translated.
 */
test('chat room: a visitor reads live, a user writes, links are made safe, reports, and the limit of five in ten seconds', async ({ page, browser }) => {
  const stamp = String(Date.now()).slice(-6);
  let firstSent = 0;
  const { phone: visitor, close: closeVisitor } = await secondPhone(browser);

  await test.step('a visitor opens the room from the home shortcuts: the English room, to read', async () => {
    await open(visitor, '/');
    await visitor.getByTestId('shortcut-chat').click();
    await expect(visitor).toHaveURL(/#\/pages\/common\/chat$/);
    await expect(visitor.getByTestId('chat-room-en')).toHaveAttribute('aria-pressed', 'true');
    await expect(visitor.getByTestId('chat')).toHaveAttribute('data-room', 'lang:en');
    await expect(visitor.getByText('Never share passwords or codes')).toBeVisible();
    await expect(visitor.getByTestId('chat-login')).toHaveText('Log in to write');
    await expect(visitor.getByTestId('chat-input')).toHaveCount(0);
  });

  await test.step('a user writes: the visitor sees it as it is written, the address a link with no referrer and no trust', async () => {
    await demoUser(page);
    await open(page, '/pages/common/chat');
    const text = `Morning all ${stamp}, the guide is at https://example.com/guide.`;
    await page.getByTestId('chat-input').fill(text);
    await page.getByTestId('chat-send').click();
    firstSent = Date.now();
    const mine = page.getByTestId('chat-message').filter({ hasText: stamp });
    await expect(mine).toHaveAttribute('data-mine', 'true');

    const seen = visitor.getByTestId('chat-message').filter({ hasText: stamp });
    await expect(seen).toHaveAttribute('data-mine', 'false');
    const link = seen.getByRole('link', { name: 'https://example.com/guide' });
    await expect(link).toHaveAttribute('href', 'https://example.com/guide');
    await expect(link).toHaveAttribute('rel', 'nofollow noopener noreferrer ugc');
    await expect(link).toHaveAttribute('target', '_blank');
  });

  await test.step('another language’s room is another room', async () => {
    await visitor.getByTestId('chat-room-fra').click();
    await expect(visitor).toHaveURL(/#\/pages\/common\/chat\?lang=fra$/);
    await expect(visitor.getByTestId('chat')).toHaveAttribute('data-room', 'lang:fra');
    await expect(visitor.getByTestId('chat-message').filter({ hasText: stamp })).toHaveCount(0);
    await visitor.getByTestId('chat-room-en').click();
    await expect(visitor.getByTestId('chat-message').filter({ hasText: stamp })).toHaveCount(1);
  });

  await test.step('five messages in ten seconds: the sixth is refused, and says how long to wait', async () => {
    // The message above has left the ten seconds.
    await page.waitForTimeout(Math.max(0, firstSent + 10_500 - Date.now()));
    for (let i = 1; i <= 5; i++) {
      await page.getByTestId('chat-input').fill(`Line ${i} ${stamp}`);
      await page.getByTestId('chat-send').click();
      await expect(page.getByTestId('chat-input')).toHaveValue('');
    }
    await page.getByTestId('chat-input').fill(`Line 6 ${stamp}`);
    await page.getByTestId('chat-send').click();
    await expect(toast(page)).toHaveText(/^You are writing too fast\. Please wait \d+ seconds\.$/);
    // What was refused stays in the line, to send again.
    await expect(page.getByTestId('chat-input')).toHaveValue(`Line 6 ${stamp}`);
    await expect(visitor.getByTestId('chat-message').filter({ hasText: `Line 5 ${stamp}` })).toHaveCount(1);
    await expect(visitor.getByTestId('chat-message').filter({ hasText: `Line 6 ${stamp}` })).toHaveCount(0);
  });

  await test.step('someone else’s message can be reported, by a user: a visitor is asked to log in first', async () => {
    // One's own message has no report button.
    const morning = `Morning all ${stamp}`;
    await expect(page.getByTestId('chat-message').filter({ hasText: morning }).getByTestId('chat-report-open')).toHaveCount(0);
    await visitor.getByTestId('chat-message').filter({ hasText: morning }).getByTestId('chat-report-open').click();
    await visitor.getByTestId('chat-report-spam').click();
    await expect(toast(visitor)).toHaveText('Please log in first');
    await expect(visitor).toHaveURL(/#\/pages\/common\/login/);
  });

  await closeVisitor();
});
