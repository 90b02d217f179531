import { useSignals } from '@preact/signals-react/runtime';
import { Link, useBlocker } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { formatDateTime } from '../../contract/format';
import { BCP47, DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../contract/languages';
import { toast } from '../../src/ui/toast';
import { api, client } from '../api';
import { consoleLanguage, useConsoleT } from '../i18n';
import { auditTarget, blank, changedByServer, draftOf, edited, fromFaq, fromNews, fromPage, isPageKey, saveRequest, type Draft, type Editable, type Shared } from './content';
import { Preview } from './Preview';
import styles from './content.module.css';

/** Reads an item with every language it has. */
async function load(kind: Editable['kind'], item: string): Promise<Editable> {
  if (item === 'new') {
    if (kind === 'pages') throw new Error('pages are not created');
    return blank(kind);
  }
  if (kind === 'pages') {
    if (!isPageKey(item)) throw new Error(`unknown page ${item}`);
    return fromPage(await api('GET /operator/page/item', { key: item }));
  }
  const id = Number(item);
  return kind === 'faq' ? fromFaq(await api('GET /operator/faq/item', { id })) : fromNews(await api('GET /operator/news/item', { id }));
}

const sharedOf = (item: Editable): Shared => ({ cover: item.cover, pop: item.pop, sort: item.sort });

/**
 * One item's editor: a tab per language (which have text, which miss it, which the
 * operator changed), the language's fields, the fields its languages share (cover, order,
 * the pop-up notice), and beside them the preview through the app's own sanitiser and
 * rendering. Saving sends the one language (the endpoints take one at a time); the item
 * is then read again, and when what the server stored differs from what was sent (it
 * sanitises again) the editor says so and holds what is stored.
 */
export function ItemEditor({ kind, item, onChanged, onCreated, onDeleted }: { kind: Editable['kind']; item: string; onChanged: () => void; onCreated: (id: number) => void; onDeleted: () => void }) {
  useSignals();
  const t = useConsoleT();
  const [editable, setEditable] = useState<Editable | null>(null);
  const [lang, setLang] = useState<Language>(DEFAULT_LANGUAGE);
  const [drafts, setDrafts] = useState<Partial<Record<Language, Draft>>>({});
  const [shared, setShared] = useState<Shared>({ cover: null, pop: false, sort: 0 });
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [serverChanged, setServerChanged] = useState<Language | null>(null);
  const [lastSaved, setLastSaved] = useState<{ lang: Language; at: number } | null>(null);
  // The item the editor holds (an id, a page's key, or 'new'): a save that created an item opens it without reading it again.
  const holds = useRef<string | null>(null);

  // What would be lost by leaving: the languages edited and not saved, and the shared fields.
  const unsavedLanguages = editable === null ? [] : LANGUAGES.filter((code) => drafts[code] !== undefined && edited(editable, code, drafts[code]));
  const sharedEdited = editable !== null && (shared.cover !== editable.cover || shared.pop !== editable.pop || shared.sort !== editable.sort);
  const unsaved = useRef(false);
  unsaved.current = unsavedLanguages.length > 0 || sharedEdited;
  // Leaving with unsaved changes (another item, another screen, back, a reload) asks first.
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => {
      if (!unsaved.current) return false;
      // Opening the item this editor holds (a new one just saved, by its id) is not leaving it.
      const nextItem = next.pathname === '/content' && 'item' in next.search ? String(next.search.item) : null;
      return nextItem !== holds.current;
    },
    enableBeforeUnload: () => unsaved.current,
    withResolver: true,
  });

  useEffect(() => {
    if (holds.current === item) return;
    let current = true;
    holds.current = item;
    setEditable(null);
    setDrafts({});
    setProblem(null);
    setServerChanged(null);
    setLastSaved(null);
    setConfirming(false);
    load(kind, item).then(
      (loaded) => {
        if (!current) return;
        setEditable(loaded);
        setShared(sharedOf(loaded));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [kind, item]);

  if (editable === null) return <div className={`${styles.editor} ${styles.wait}`} aria-busy="true" />;

  const draft = drafts[lang] ?? draftOf(editable, lang);
  const setDraft = (next: Partial<Draft>) => {
    setDrafts((all) => ({ ...all, [lang]: { ...draft, ...next } }));
    setProblem(null);
  };
  const isNews = editable.kind === 'news' || editable.kind === 'banners';
  const language = consoleLanguage.value;
  const target = auditTarget(editable);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (draft.title.trim() === '') return setProblem(t('content.title_required'));
    if (draft.content.trim() === '') return setProblem(t('content.content_required'));
    setBusy(true);
    try {
      const request = saveRequest(editable, lang, draft, shared);
      const answer =
        request.route === 'POST /operator/news/save'
          ? (await api(request.route, request.input)).id
          : request.route === 'POST /operator/faq/save'
            ? (await api(request.route, request.input)).id
            : (await api(request.route, request.input), null);
      const reread = await load(editable.kind, answer === null ? item : String(answer));
      const stored = reread.stored[lang];
      setServerChanged(stored !== undefined && changedByServer(draft.content, stored.content) ? lang : null);
      setEditable(reread);
      setShared(sharedOf(reread));
      setDrafts(({ [lang]: _saved, ...others }) => others);
      setLastSaved({ lang, at: stored?.updated_at ?? Date.now() });
      toast(t('content.saved', { language: LANGUAGE_NAMES[lang] }));
      onChanged();
      if (item === 'new' && answer !== null) {
        holds.current = String(answer);
        onCreated(answer);
      }
    } catch {
      // Toasted by the client (the server's words: a missing title, an unknown item...).
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (busy || editable.id === null) return;
    setBusy(true);
    try {
      if (editable.kind === 'faq') await api('POST /operator/faq/delete', { id: editable.id });
      else await api('POST /operator/news/delete', { id: editable.id });
      toast(t('content.deleted'));
      // A deleted item has nothing left to save.
      unsaved.current = false;
      onDeleted();
    } catch {
      // Toasted by the client.
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const address = await client.uploadFile(file, file.name, '/operator/content/upload');
      setShared((value) => ({ ...value, cover: address }));
    } catch {
      // Toasted by the client (not an image, too large).
    } finally {
      setUploading(false);
    }
  };

  const titleLabel = editable.kind === 'faq' ? t('content.fields.question') : t('content.fields.title');
  const contentLabel = editable.kind === 'faq' ? t('content.fields.answer') : t('content.fields.content');
  const sharedChanged = shared.cover !== editable.cover || shared.pop !== editable.pop || shared.sort !== editable.sort;

  const lost = [...unsavedLanguages.map((code) => LANGUAGE_NAMES[code]), ...(sharedEdited ? [t('content.shared_fields')] : [])].join(', ');
  return (
    <div className={styles.editor} data-testid="content-editor">
      {blocker.status === 'blocked' ? (
        <div className={styles.leaving} role="alertdialog" aria-labelledby="content-leaving" data-testid="content-leaving">
          <p id="content-leaving">{t('content.unsaved', { what: lost })}</p>
          <button type="button" className={styles.primary} onClick={blocker.reset} data-testid="content-stay" autoFocus>
            {t('content.stay')}
          </button>
          <button type="button" className={styles.danger} onClick={blocker.proceed} data-testid="content-leave">
            {t('content.leave')}
          </button>
        </div>
      ) : null}
      <div className={styles.languages} role="tablist" aria-label={t('nav.language')}>
        {LANGUAGES.map((code) => {
          const state = drafts[code] !== undefined && edited(editable, code, drafts[code]) ? 'edited' : editable.stored[code] ? 'stored' : 'missing';
          return (
            <button
              key={code}
              type="button"
              role="tab"
              aria-selected={code === lang}
              className={styles.language}
              data-state={state}
              data-testid={`content-lang-${code}`}
              title={`${LANGUAGE_NAMES[code]}: ${t(`content.language_state.${state}`)}`}
              onClick={() => {
                setLang(code);
                setProblem(null);
              }}
            >
              <span>{LANGUAGE_NAMES[code]}</span>
              <span className={styles.languageState}>{t(`content.language_state.${state}`)}</span>
            </button>
          );
        })}
      </div>
      <div className={styles.work}>
        <form className={styles.form} onSubmit={(event) => void save(event)} data-testid="content-form" lang={BCP47[lang]}>
          <label>
            <span>{titleLabel}</span>
            <input value={draft.title} maxLength={200} onChange={(event) => setDraft({ title: event.target.value })} data-testid="content-title-input" />
          </label>
          {isNews ? (
            <label>
              <span>{t('content.fields.summary')}</span>
              <input value={draft.summary} maxLength={500} onChange={(event) => setDraft({ summary: event.target.value })} data-testid="content-summary-input" />
              <small className={styles.hint}>{t('content.fields.summary_hint')}</small>
            </label>
          ) : null}
          <label>
            <span>{contentLabel}</span>
            <textarea value={draft.content} rows={12} maxLength={100_000} spellCheck={false} onChange={(event) => setDraft({ content: event.target.value })} data-testid="content-text-input" />
            <small className={styles.hint}>{t('content.fields.content_hint')}</small>
          </label>
          {isNews || editable.kind === 'faq' ? (
            <fieldset className={styles.shared}>
              <legend>{t('content.fields.shared')}</legend>
              {isNews ? (
                <div className={styles.cover}>
                  <span>{t('content.fields.cover')}</span>
                  {shared.cover ? <img src={shared.cover} alt={t('content.fields.cover')} data-testid="content-cover" /> : <p className={styles.hint}>{t('content.fields.cover_none')}</p>}
                  <span className={styles.coverActions}>
                    <label className={styles.quiet}>
                      {uploading ? t('content.uploading') : t('content.fields.cover_upload')}
                      <input
                        type="file"
                        accept="image/png,image/jpeg,image/gif,image/webp"
                        className={styles.file}
                        disabled={uploading}
                        onChange={(event) => void upload(event)}
                        data-testid="content-cover-input"
                      />
                    </label>
                    {shared.cover ? (
                      <button type="button" className={styles.quiet} onClick={() => setShared((value) => ({ ...value, cover: null }))}>
                        {t('content.fields.cover_remove')}
                      </button>
                    ) : null}
                  </span>
                </div>
              ) : null}
              <label className={styles.inline}>
                <span>{t('content.fields.sort')}</span>
                <input
                  type="number"
                  min={0}
                  max={10_000}
                  value={shared.sort}
                  onChange={(event) => setShared((value) => ({ ...value, sort: Math.max(0, Math.min(10_000, Math.trunc(Number(event.target.value) || 0))) }))}
                />
                <small className={styles.hint}>{t('content.fields.sort_hint')}</small>
              </label>
              {isNews ? (
                <label className={styles.check}>
                  <input type="checkbox" checked={shared.pop} onChange={(event) => setShared((value) => ({ ...value, pop: event.target.checked }))} data-testid="content-pop" />
                  <span>{t('content.fields.pop')}</span>
                </label>
              ) : null}
              {sharedChanged && editable.id !== null ? <p className={styles.hint}>{t('content.fields.shared_hint')}</p> : null}
            </fieldset>
          ) : null}
          {problem ? (
            <p className={styles.problem} role="alert">
              {problem}
            </p>
          ) : null}
          {serverChanged === lang ? (
            <p className={styles.changed} role="status" data-testid="content-server-changed">
              {t('content.server_changed')}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={busy} data-testid="content-save">
              {busy ? t('content.saving') : t('content.save', { language: LANGUAGE_NAMES[lang] })}
            </button>
            {editable.id !== null && editable.kind !== 'pages' ? (
              confirming ? (
                <span className={styles.confirm} role="group" aria-label={t('content.delete')}>
                  <span>{t('content.delete_confirm')}</span>
                  <button type="button" className={styles.danger} disabled={busy} onClick={() => void remove()} data-testid="content-delete-yes">
                    {t('content.delete_yes')}
                  </button>
                  <button type="button" className={styles.quiet} onClick={() => setConfirming(false)}>
                    {t('content.keep')}
                  </button>
                </span>
              ) : (
                <button type="button" className={styles.quiet} onClick={() => setConfirming(true)} data-testid="content-delete">
                  {t('content.delete')}
                </button>
              )
            ) : null}
          </div>
          {lastSaved ? (
            <p className={styles.saved} role="status" data-testid="content-saved">
              {t('content.saved_at', { language: LANGUAGE_NAMES[lastSaved.lang], time: formatDateTime(lastSaved.at, language) })}{' '}
              {target ? (
                <Link to="/audit" search={{ target }} data-testid="content-audit-link">
                  {t('content.see_audit')}
                </Link>
              ) : null}
            </p>
          ) : null}
        </form>
        <Preview kind={editable.kind} lang={lang} draft={draft} cover={isNews ? shared.cover : null} at={editable.created_at} />
      </div>
    </div>
  );
}
