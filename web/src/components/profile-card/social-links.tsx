import { Space } from 'antd';
import { ExternalLink } from '../external-link';

export const SOCIAL_KEYS = [
  'portfolio',
  'github',
  'linkedin',
  'twitter',
  'facebook',
  'reddit',
  'telegram',
  'wechat',
] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];

/** The social links a member filled in; telegram as a t.me link, wechat as text. Null when there are none. */
export function SocialLinks({
  social,
  label,
}: {
  social: Partial<Record<SocialKey, string | null>>;
  label: (key: SocialKey) => string;
}) {
  const keys = SOCIAL_KEYS.filter((k) => social[k]);
  if (!keys.length) return null;
  return (
    <Space size={[12, 4]} wrap>
      {keys.map((k) => {
        const v = social[k]!;
        if (k === 'telegram')
          return (
            <ExternalLink key={k} href={`https://t.me/${encodeURIComponent(v)}`}>
              {`${label(k)} @${v}`}
            </ExternalLink>
          );
        if (k === 'wechat') return <span key={k}>{`${label(k)}: ${v}`}</span>;
        return (
          <ExternalLink key={k} href={v}>
            {label(k)}
          </ExternalLink>
        );
      })}
    </Space>
  );
}
