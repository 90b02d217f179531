import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../contract/api';
import { formatDateTime } from '../../contract/format';
import { api } from '../api';
import { consoleLanguage, useConsoleT } from '../i18n';
import { PrivatePhoto } from './PrivatePhoto';
import styles from './queues.module.css';

type Message = ApiOutput<'GET /operator/chat/room'>['data'][number];

/**
 * An appealed order's chat, as the operator deciding the appeal reads it: every message
 * of the two sides, oldest first, a removed one with what it said (marked removed), the
 * images sent; older pages on demand. Read through GET /operator/chat/room.
 */
export function OrderChat({ room }: { room: string }) {
  const t = useConsoleT();
  const language = consoleLanguage.value;
  const [messages, setMessages] = useState<readonly Message[] | null>(null);
  const [more, setMore] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    api('GET /operator/chat/room', { room, limit: 50 }, { silent: true }).then(
      (page) => {
        if (!current) return;
        setMessages(page.data);
        setMore(page.more);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [room]);

  const older = async () => {
    const first = messages?.[0];
    if (first === undefined) return;
    const page = await api('GET /operator/chat/room', { room, before: first.id, limit: 50 });
    setMessages((shown) => [...page.data, ...(shown ?? [])]);
    setMore(page.more);
  };

  return (
    <section className={styles.chat} aria-labelledby="order-chat-title" data-testid="order-chat">
      <h3 id="order-chat-title">{t('queues.chat.title')}</h3>
      {failed ? (
        <p className={styles.problem}>{t('queues.chat.failed')}</p>
      ) : messages === null ? (
        <div className={styles.photoWait} aria-busy="true" />
      ) : messages.length === 0 ? (
        <p className={styles.note}>{t('queues.chat.empty')}</p>
      ) : (
        <>
          {more ? (
            <button type="button" className={styles.quiet} onClick={() => void older().catch(() => undefined)}>
              {t('queues.chat.older')}
            </button>
          ) : null}
          <ol className={styles.messages}>
            {messages.map((message) => (
              <li key={message.id} className={styles.message} data-testid="order-chat-message">
                <p className={styles.messageHead}>
                  <span>{t('queues.chat.author', { uid: message.author.uid, name: message.author.name })}</span>
                  <time dateTime={new Date(message.created_at).toISOString()}>{formatDateTime(message.created_at, language)}</time>
                </p>
                {message.body !== '' ? <p className={message.removed ? styles.removed : undefined}>{message.body}</p> : null}
                {message.removed ? <p className={styles.note}>{t('queues.chat.removed')}</p> : null}
                {message.image !== null ? <PrivatePhoto path={message.image} label={t('queues.chat.image')} /> : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
