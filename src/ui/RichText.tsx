import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/richText';
import styles from './RichText.module.css';

/** Rich text from the server, sanitised again here before it joins the page. */
export function RichText({ html, testId }: { html: string; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={styles.rich} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
