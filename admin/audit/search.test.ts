import { expect, test } from 'vitest';
import { auditSearch } from './search';

test('the audit filters read from the URL: trimmed text, empty or overlong ones dropped, nothing else kept', () => {
  expect(auditSearch({ operator: ' local ', action: 'approve-withdrawal', target: '', extra: 'x' })).toEqual({ operator: 'local', action: 'approve-withdrawal' });
  expect(auditSearch({ target: 'x'.repeat(61) })).toEqual({});
  expect(auditSearch({ target: 12, action: { nested: true } })).toEqual({ target: '12' });
});
