import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { GlobeIcon } from '../../ui/icons';

/** The language picker's button in the login and sign-up screens' bars. */
export function LanguageButton() {
  const t = useT();
  return (
    <Link to="/pages/setting/language" aria-label={t('settings:language.title')} style={{ color: 'var(--text)', padding: 10, display: 'inline-flex' }}>
      <GlobeIcon />
    </Link>
  );
}
