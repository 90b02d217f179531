import { translate } from '../i18n';
import { toast } from '../ui/toast';
import { goToLogin, redirectAfterToast } from './navigation';

/** A visitor asked for something that needs an account: "please log in first", then the login screen after 1200 ms (spec 2 and 8). */
export function askToLogIn(): void {
  toast(translate('common:login_first'));
  redirectAfterToast(goToLogin);
}
