import { translate } from '../i18n';
import { toast } from './toast';

/** Copies `text` and says so; where the clipboard is refused, shows the text to copy by hand. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast(translate('common:copied'));
  } catch {
    toast(text);
  }
}
