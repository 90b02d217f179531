/** The audit screen's filters, kept in the URL (#/audit?action=approve-withdrawal): a filtered view can be shared and reloaded. */
export interface AuditFilters {
  operator?: string;
  action?: string;
  target?: string;
}

const FILTERS = ['operator', 'action', 'target'] as const;

/** The filters of a URL's search: trimmed text of at most 60 characters (the endpoint's limit), empty ones left out. */
export function auditSearch(search: Record<string, unknown>): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of FILTERS) {
    const value = search[name];
    const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
    if (text !== '' && text.length <= 60) filters[name] = text;
  }
  return filters;
}
