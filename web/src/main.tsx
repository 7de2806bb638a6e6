import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import type { BootOutcome } from './app/boot';
import { prepareFirstScreen } from './app/first-screen';
import { initI18n } from './lib/i18n';
import './styles/global.css';

initI18n();

const container = document.getElementById('root')!;
const root = createRoot(container);
const render = (booted?: BootOutcome) =>
  root.render(
    <StrictMode>
      <App booted={booted} />
    </StrictMode>,
  );

// A page sent with its first screen keeps it on screen until the app can draw the same page (first-screen.ts).
// Meanwhile nothing waits for that render, so it runs as a transition: in short slices, not one long task.
if (container.dataset.prerendered)
  prepareFirstScreen(window.location.pathname).then(
    (booted) => startTransition(() => render(booted)),
    () => render(),
  );
else render();
