import { useSignals } from '@preact/signals-react/runtime';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../contract/languages';
import { language, setLanguage, useT } from '../../i18n';
import { Cell, CellGroup } from '../../ui/Cell';
import { CheckIcon } from '../../ui/icons-later';
import { Screen } from '../../ui/Screen';
import styles from './settings.module.css';

/** The eight interface languages, each in its own name. */
export function LanguageScreen() {
  useSignals();
  const t = useT();
  return (
    <Screen title={t('settings:language.title')}>
      <CellGroup>
        {LANGUAGES.map((code) => (
          <Cell
            key={code}
            title={LANGUAGE_NAMES[code]}
            arrow={false}
            testId={`language-${code}`}
            onClick={() => void setLanguage(code)}
            value={
              code === language.value ? (
                <span className={styles.check}>
                  <CheckIcon size={18} />
                </span>
              ) : (
                ''
              )
            }
          />
        ))}
      </CellGroup>
    </Screen>
  );
}
