import { useSignals } from '@preact/signals-react/runtime';
import { useNavigate } from '@tanstack/react-router';
import { BCP47, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../contract/languages';
import { useT } from '../../i18n';
import { Screen } from '../../ui/Screen';
import { ChatPanel } from './ChatPanel';
import { languageRoom } from './chat';
import styles from './chat.module.css';

/**
 * common/chat?lang=: the public chat room of a language (the app's own unless another is
 * picked). Visitors read; users write, text only, five messages in ten seconds at most.
 */
export function ChatRoomScreen({ lang }: { lang: Language }) {
  useSignals();
  const t = useT();
  const navigate = useNavigate();
  return (
    <Screen title={t('chat:title')}>
      <div className={`${styles.panel} ${styles.room}`}>
        <nav className={styles.roomPicker} aria-label={t('chat:rooms')}>
          {LANGUAGES.map((code) => (
            <button
              key={code}
              type="button"
              className={`${styles.roomChip} ${code === lang ? styles.roomChipOn : ''}`}
              aria-pressed={code === lang}
              lang={BCP47[code]}
              onClick={() => void navigate({ to: '/pages/common/chat', search: { lang: code }, replace: true })}
              data-testid={`chat-room-${code}`}
            >
              {LANGUAGE_NAMES[code]}
            </button>
          ))}
        </nav>
        <p className={styles.rules}>{t('chat:rules')}</p>
        <ChatPanel key={lang} room={languageRoom(lang)} empty={t('chat:empty_room')} className={styles.list} />
      </div>
    </Screen>
  );
}
