import { createFileRoute } from '@tanstack/react-router';
import { isLanguage, type Language } from '../../../../contract/languages';
import { ChatRoomScreen } from '../../../features/chat/ChatRoomScreen';
import { language, loadNamespace } from '../../../i18n';

/** The chat room (spec 1, 2): ?lang= picks a language's public room, the app's own by default. */
export const Route = createFileRoute('/pages/common/chat')({
  loader: () => loadNamespace('chat'),
  validateSearch: (search: Record<string, unknown>): { lang?: Language } => (isLanguage(search['lang']) ? { lang: search['lang'] } : {}),
  component: function Screen() {
    const { lang } = Route.useSearch();
    return <ChatRoomScreen lang={lang ?? language.value} />;
  },
});
