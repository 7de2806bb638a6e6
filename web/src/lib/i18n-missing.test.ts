import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initI18n } from './i18n';

initI18n(undefined, 'en');

describe('a text key with no text', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the key with its namespace and says so as a console error, naming the key and the language', () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(i18next.t('teams:not.a.key')).toBe('teams:not.a.key');
    expect(said).toHaveBeenCalledWith('i18n: no text for the key "teams:not.a.key" in en');
  });

  it('is not reported when the call gives its own default (a free-form name)', () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(i18next.t('skills.Rust', { defaultValue: 'Rust' })).toBe('Rust');
    expect(i18next.t('nav.logout')).toBe('Log out');
    expect(said).not.toHaveBeenCalled();
  });
});
