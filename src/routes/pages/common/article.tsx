import { createFileRoute } from '@tanstack/react-router';
import { ArticleScreen } from '../../../features/content/ContentScreens';

/** An article or banner: ?id= */
export const Route = createFileRoute('/pages/common/article')({
  validateSearch: (search: Record<string, unknown>): { id: number } => {
    const id = Number(search['id']);
    return { id: Number.isInteger(id) && id > 0 ? id : 0 };
  },
  component: function Screen() {
    return <ArticleScreen id={Route.useSearch().id} />;
  },
});
