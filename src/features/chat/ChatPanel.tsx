import { useSignals } from '@preact/signals-react/runtime';
import { useRef, useState } from 'react';
import { formatDateTime } from '../../../contract/format';
import { api } from '../../api/client';
import { askToLogIn } from '../../app/login-first';
import { loggedIn } from '../../app/session';
import { language, useT } from '../../i18n';
import { useSubmit } from '../../lib/useSubmit';
import { Avatar } from '../../ui/Avatar';
import { ImagePicker } from '../assets/ImagePicker';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { CONVERSATION_FIRST_INDEX, VirtualList } from '../../ui/VirtualList';
import { textParts, TIME_GAP_MS, type ChatMessage } from './chat';
import { useChatRoom } from './useChatRoom';
import styles from './chat.module.css';

const REPORT_REASONS = ['spam', 'abuse', 'fraud', 'other'] as const;
const MAX_LENGTH = 500;

/**
 * A chat room: its messages (newest at the bottom, older ones as the reader scrolls up)
 * and, for a user, the line to write in. `images`: the writer may attach an image (an
 * order's room). `closed`: the room is kept to read (a finished order), not written in.
 * Someone else's message has a button to report it.
 */
export function ChatPanel({ room, images = false, closed = null, empty, className = '' }: { room: string; images?: boolean; closed?: string | null; empty: string; className?: string }) {
  useSignals();
  const t = useT();
  const chat = useChatRoom(room);
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const anchor = useRef<number | null>(null);
  if (anchor.current === null && chat.messages[0]) anchor.current = chat.messages[0].id;
  const before = anchor.current === null ? 0 : chat.messages.findIndex((message) => message.id === anchor.current);
  const loadingOlder = useRef(false);

  const onTop = () => {
    if (!chat.more || loadingOlder.current) return;
    loadingOlder.current = true;
    void chat.loadOlder().finally(() => (loadingOlder.current = false));
  };

  const firstIndex = CONVERSATION_FIRST_INDEX - Math.max(0, before);
  let list;
  if (chat.loading) list = <Skeleton shape="record" count={4} inset />;
  else if (chat.failed && chat.messages.length === 0) list = <p className={styles.empty}>{t('chat:failed')}</p>;
  else
    list = (
      <VirtualList
        items={chat.messages}
        rowKey={(message) => String(message.id)}
        row={(message, index) => {
          // The list numbers rows from firstIndex: the row before is at index - firstIndex - 1.
          const previous = chat.messages[index - firstIndex - 1];
          return <MessageRow message={message} showTime={!previous || message.created_at - previous.created_at > TIME_GAP_MS} onReport={setReporting} />;
        }}
        empty={<p className={styles.empty}>{empty}</p>}
        conversation={{ firstIndex, onTop, follow: (message) => message.mine, className: styles.scroller ?? '', label: t('chat:messages') }}
      />
    );

  return (
    <div className={`${styles.panel} ${className}`} data-testid="chat" data-room={room}>
      <div className={styles.list}>{list}</div>
      {closed !== null ? <p className={styles.closed}>{closed}</p> : <Composer room={room} images={images} onSent={chat.add} />}
      <ReportSheet message={reporting} onClose={() => setReporting(null)} />
    </div>
  );
}

function MessageRow({ message, showTime, onReport }: { message: ChatMessage; showTime: boolean; onReport: (message: ChatMessage) => void }) {
  const t = useT();
  const lang = language.value;
  const time = formatDateTime(message.created_at, lang);
  return (
    <div className={styles.row} data-testid="chat-message" data-mine={message.mine}>
      {showTime && <p className={styles.time}>{time}</p>}
      <div className={`${styles.line} ${message.mine ? styles.lineMine : ''}`}>
        {!message.mine && <Avatar src={message.author.avatar} name={message.author.name} size={32} />}
        <div className={styles.bubbleColumn}>
          {!message.mine && <span className={styles.author}>{message.author.name}</span>}
          {message.removed ? (
            <p className={`${styles.bubble} ${styles.removed}`}>{t('chat:removed')}</p>
          ) : (
            <div className={styles.bubbleLine}>
              <div className={`${styles.bubble} ${message.mine ? styles.bubbleMine : ''}`} data-testid="chat-bubble">
                {message.image && (
                  <a href={message.image} target="_blank" rel="noopener noreferrer" className={styles.image} data-testid="chat-image">
                    <img src={message.image} alt={t('chat:image')} loading="lazy" />
                  </a>
                )}
                {message.body && <MessageText body={message.body} />}
              </div>
              {!message.mine && (
                <button
                  type="button"
                  className={styles.more}
                  onClick={() => onReport(message)}
                  aria-label={t('chat:report_message', { name: message.author.name, time })}
                  data-testid="chat-report-open"
                >
                  ⋯
                </button>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/** The text, with web addresses as links that open outside the app and carry no trust. */
function MessageText({ body }: { body: string }) {
  return (
    <span className={styles.text}>
      {textParts(body).map((part, index) =>
        part.kind === 'text' ? (
          <span key={index}>{part.text}</span>
        ) : (
          <a key={index} href={part.href} target="_blank" rel="nofollow noopener noreferrer ugc" className={styles.link}>
            {part.text}
          </a>
        ),
      )}
    </span>
  );
}

function Composer({ room, images, onSent }: { room: string; images: boolean; onSent: (message: ChatMessage) => void }) {
  useSignals();
  const t = useT();
  const [body, setBody] = useState('');
  const [image, setImage] = useState('');
  const [busy, run] = useSubmit();

  if (!loggedIn.value) {
    return (
      <div className={styles.composer}>
        <button type="button" className={styles.loginButton} onClick={askToLogIn} data-testid="chat-login">
          {t('chat:login_to_write')}
        </button>
      </div>
    );
  }

  const text = body.trim();
  const ready = (text.length > 0 || image !== '') && !busy;
  const submit = () => {
    if (!ready) return;
    void run(async () => {
      const sent = await api('POST /chat/send', image ? { room, body: text, image } : { room, body: text });
      onSent(sent);
      setBody('');
      setImage('');
    });
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {images && <ImagePicker value={image} onValue={setImage} label={t('chat:attach')} testId="chat-attach" compact={{ className: styles.attach ?? '' }} />}
      <input
        className={styles.input}
        value={body}
        maxLength={MAX_LENGTH}
        enterKeyHint="send"
        autoComplete="off"
        placeholder={t('chat:placeholder')}
        aria-label={t('chat:placeholder')}
        onChange={(event) => setBody(event.target.value)}
        data-testid="chat-input"
      />
      <button type="submit" className={styles.send} disabled={!ready} data-testid="chat-send">
        {t('chat:send')}
      </button>
    </form>
  );
}

function ReportSheet({ message, onClose }: { message: ChatMessage | null; onClose: () => void }) {
  const t = useT();
  const [busy, run] = useSubmit();
  return (
    <Sheet open={message !== null} title={t('chat:report_title')} onClose={onClose} testId="chat-report">
      {message && <p className={styles.quote}>{message.body || t('chat:image')}</p>}
      <div className={styles.reasons}>
        {REPORT_REASONS.map((reason) => (
          <button
            key={reason}
            type="button"
            className={styles.reason}
            disabled={busy}
            data-testid={`chat-report-${reason}`}
            onClick={() => {
              if (!message) return;
              if (!loggedIn.value) {
                onClose();
                askToLogIn();
                return;
              }
              void run(async () => {
                toast(await api('POST /chat/report', { message_id: message.id, reason }));
                onClose();
              });
            }}
          >
            {t(`chat:reason.${reason}`)}
          </button>
        ))}
      </div>
    </Sheet>
  );
}
