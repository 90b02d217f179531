import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '@tanstack/react-router';
import { BCP47, LANGUAGE_NAMES, type Language } from '../../../contract/languages';
import { language, translatorFor, useT, type Translator } from '../../i18n';
import { useLoad } from '../../lib/useLoad';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../../ui/Skeleton';
import { percentText, useCopyRules, type CopyRules } from './parts';
import styles from './copy.module.css';

const SECTIONS = ['copying', 'sizing', 'limits', 'skips', 'linked', 'self_hold', 'share', 'cancel', 'bots', 'figures', 'risks'] as const;

/**
 * The copy trading agreement: follow/agreement in the reader's language, follow/agreement_en
 * and follow/agreement_zh (the spec's two routes) in English and Chinese whatever the
 * interface language. Its figures (profit share, multiples, delay) are the server's rules.
 */
export function AgreementScreen({ fixed }: { fixed?: 'en' | 'zh' }) {
  useSignals();
  const t = useT();
  const shown: Language = fixed ?? language.value;
  const loaded = useLoad(() => translatorFor(shown), [shown]);
  // Should the language's texts fail to load, the agreement reads in the interface language.
  const translate = loaded.data ?? (loaded.failed ? t : undefined);
  const rules = useCopyRules();
  return (
    <Screen title={(translate ?? t)('copy:agreement.title')}>
      {translate && rules ? (
        <Agreement t={translate} rules={rules} shown={loaded.data ? shown : language.value} />
      ) : (
        <div className={styles.agreement}>
          <Skeleton shape="text" />
        </div>
      )}
    </Screen>
  );
}

function Agreement({ t, rules, shown }: { t: Translator; rules: CopyRules; shown: Language }) {
  const figures = {
    share: percentText(rules.profit_share, shown, 0),
    min: rules.multiple_min,
    max: rules.multiple_max,
    delay: rules.delay_minutes,
  };
  return (
    <article className={styles.agreement} lang={BCP47[shown]} data-testid="copy-agreement">
      <p>{t('copy:agreement.intro')}</p>
      {SECTIONS.map((key) => (
        <section key={key}>
          <h2>{t(`copy:agreement.sections.${key}.title`)}</h2>
          <p>{t(`copy:agreement.sections.${key}.body`, figures)}</p>
        </section>
      ))}
      <nav className={styles.languages} aria-label={t('copy:agreement.read_in')}>
        <span>{t('copy:agreement.read_in')}</span>
        <Link to="/pages/follow/agreement_en" className={styles.link} lang="en">
          {LANGUAGE_NAMES.en}
        </Link>
        <Link to="/pages/follow/agreement_zh" className={styles.link} lang="zh-CN">
          {LANGUAGE_NAMES.zh}
        </Link>
      </nav>
    </article>
  );
}
