import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import type { BootOutcome } from './app/boot';
import { canTakeOverFirstScreen, prepareFirstScreen } from './app/first-screen';
import { initI18n } from './lib/i18n';
import { dropPageData } from './lib/page-data';
import './styles/global.css';

initI18n();

const container = document.getElementById('root')!;
const app = (booted?: BootOutcome) => (
  <StrictMode>
    <App booted={booted} />
  </StrictMode>
);
const render = (booted?: BootOutcome) => {
  // Data the server rendered the page with is for hydrating it only (a member reads their own).
  dropPageData();
  createRoot(container).render(app(booted));
};

// A page sent with its first screen keeps it on screen until the app can draw the same page (first-screen.ts).
// When the app's first render is what the server rendered (a visitor signed out, in the page's language), the
// app takes the server's HTML over as it is (hydrates); otherwise it draws its own over it. Either way nothing
// waits for that render meanwhile, so it runs as a transition: in short slices, not one long task.
if (container.dataset.prerendered)
  prepareFirstScreen(window.location.pathname).then(
    (booted) =>
      startTransition(() => {
        if (booted === 'ready' && canTakeOverFirstScreen(container)) hydrateRoot(container, app(booted));
        else render(booted);
      }),
    () => render(),
  );
else render();
