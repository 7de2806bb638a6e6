import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '../lazy-tooltip';
import { copyText } from '../../lib/copy-text';
import { CHAIN_NS } from './chain-status-i18n';
import './copyable-code.css';

interface CopyableCodeProps {
  /** What is copied (the whole hash; the children may show it shortened). */
  text: string;
  children: ReactNode;
  /** The button's name for screen readers and its tooltip (default "Copy"). */
  copyLabel?: string;
  className?: string;
}

/**
 * Monospace text with a copy button: a hash or an address (its texts are the chain status components'). Plain
 * elements and a tooltip mounted on first hover, so a page showing hashes does not load antd's Typography (29 KB
 * compressed, with its editable and ellipsis parts) for it.
 */
export function CopyableCode({ text, children, copyLabel, className }: CopyableCodeProps) {
  const { t } = useTranslation(CHAIN_NS);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const ok = await copyText(text);
    setState(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 3000);
  };
  const label = copyLabel ?? t('copy');
  const said = state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : label;
  return (
    <span className={className ? `cr-copyable ${className}` : 'cr-copyable'}>
      <code className="cr-copyable__code" title={text}>
        {children}
      </code>
      <LazyTooltip title={said}>
        <button type="button" className="cr-copyable__button" aria-label={label} onClick={() => void copy()}>
          {state === 'copied' ? <CheckOutlined /> : <CopyOutlined />}
        </button>
      </LazyTooltip>
      <span className="cr-visually-hidden" role="status">
        {state === 'idle' ? '' : said}
      </span>
    </span>
  );
}
