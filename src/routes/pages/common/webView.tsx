import { createFileRoute } from '@tanstack/react-router';
import { WebViewScreen } from '../../../features/content/ContentScreens';

/** An outside page, opened in the browser from here: ?url=https://...&title= */
export const Route = createFileRoute('/pages/common/webView')({
  validateSearch: (search: Record<string, unknown>): { url: string; title: string } => ({
    url: typeof search['url'] === 'string' ? search['url'].slice(0, 2000) : '',
    title: typeof search['title'] === 'string' ? search['title'].slice(0, 100) : '',
  }),
  component: function Screen() {
    const { url, title } = Route.useSearch();
    return <WebViewScreen url={url} title={title} />;
  },
});
