import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { changeLanguage, initI18n } from '../lib/i18n';
import { MaintenancePage } from './maintenance-page';
import { NotFoundPage } from './not-found-page';

initI18n();

describe('error pages', () => {
  it('the 404 page reads "404, not found" and links back home', async () => {
    await changeLanguage('en');
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404, not found');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('404, not found · Cyber Republic');
  });

  it('the maintenance page shows the spec text and retries on demand', async () => {
    await changeLanguage('en');
    const onRetry = vi.fn();
    render(<MaintenancePage onRetry={onRetry} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Maintenance Mode');
    expect(screen.getByText('Sorry our website is currently down due to maintenance.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('both pages are translated to Chinese', async () => {
    await changeLanguage('zh');
    render(<MaintenancePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('维护模式');
    expect(document.documentElement.lang).toBe('zh-CN');
    await changeLanguage('en');
  });
});
