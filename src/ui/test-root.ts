import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

/**
 * For a component test file (happy-dom): a React root in a fresh container before each
 * test, unmounted and removed after it. Read `root` and `container` inside the tests.
 */
export function rootPerTest(): { readonly root: Root; readonly container: HTMLDivElement } {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  let container: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
  });
  return {
    get root() {
      if (!root) throw new Error('no test is running');
      return root;
    },
    get container() {
      if (!container) throw new Error('no test is running');
      return container;
    },
  };
}
