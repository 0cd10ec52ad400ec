import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, loadPanelTexts } from './i18n';

// findBy… and waitFor give up after 1 s by default, which a screen on two busy cores can take to
// render: they wait up to 10 s (a passing test still goes on as soon as it finds what it awaits).
configure({ asyncUtilTimeout: 10_000 });

await initI18n('en');
await loadPanelTexts();

// Mantine needs these browser APIs, which jsdom does not have.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
// A failed submit focuses its first invalid field; when that is the rich-text editor, ProseMirror
// measures the selection it scrolls to with these.
const noRect = () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) });
Range.prototype.getBoundingClientRect = noRect;
Range.prototype.getClientRects = () => Object.assign([], { item: () => null });

afterEach(() => cleanup());
