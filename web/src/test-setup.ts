import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import en from './locales/en.json';
import zh from './locales/zh.json';
import { featureResources } from './lib/feature-locales';
import { initI18n } from './lib/i18n';

// The app fetches its texts on demand; tests get them all at once, so a render shows words from the start.
const features = featureResources();
initI18n({ en: { translation: en, ...features.en }, zh: { translation: zh, ...features.zh } });

// Pages are lazily loaded: the first visit to one transforms its module graph, which on two busy cores
// takes longer than testing-library's default 1 s wait.
configure({ asyncUtilTimeout: 8000 });

// antd's responsive helpers call matchMedia, which jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

// antd's Menu and overflow helpers observe sizes; jsdom has no ResizeObserver.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
