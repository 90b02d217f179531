import { formatDateTime } from '../../contract/format';
import { BCP47, type Language } from '../../contract/languages';
import { RichText } from '../../src/ui/RichText';
import { useConsoleT } from '../i18n';
import type { Draft, Editable } from './content';
import styles from './content.module.css';

/**
 * What a phone shows of the text being written: the app's own RichText (src/ui/RichText.tsx:
 * the app's sanitiser, src/lib/richText.ts, and its styles), in a frame of a phone's width,
 * laid out as the app's article, question or page. What the sanitiser drops (a script, an
 * onclick) is not in the preview, as it is not on a phone.
 */
export function Preview({ kind, lang, draft, cover, at }: { kind: Editable['kind']; lang: Language; draft: Draft; cover: string | null; at: number | null }) {
  const t = useConsoleT();
  return (
    <aside className={styles.preview} aria-label={t('content.preview')}>
      <p className={styles.previewLabel}>{t('content.preview')}</p>
      <div className={styles.phone} lang={BCP47[lang]} data-testid="content-preview">
        {kind === 'faq' ? (
          <details className={styles.previewFaq} open>
            <summary>{draft.title}</summary>
            <RichText html={draft.content} testId="content-preview-text" />
          </details>
        ) : (
          <article>
            <h1 className={styles.previewTitle}>{draft.title}</h1>
            {kind !== 'pages' ? <p className={styles.previewDate}>{formatDateTime(at ?? Date.now(), lang)}</p> : null}
            {cover ? <img className={styles.previewCover} src={cover} alt="" /> : null}
            <RichText html={draft.content} testId="content-preview-text" />
          </article>
        )}
        {draft.title === '' && draft.content === '' ? <p className={styles.hint}>{t('content.preview_empty')}</p> : null}
      </div>
    </aside>
  );
}
