import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SOCIAL_KEYS, type SocialLinks as Links } from '@cr/contract/profile.contract';
import { ExternalLink } from '../external-link';
import { PROFILE_CARD_NS } from './profile-card-i18n';

/** The social links a member filled in; telegram as a t.me link, wechat as text. Null when there are none. */
export function SocialLinks({ social }: { social: Links }) {
  const { t } = useTranslation(PROFILE_CARD_NS);
  const keys = SOCIAL_KEYS.filter((k) => social[k]);
  if (!keys.length) return null;
  return (
    <Space size={[12, 4]} wrap>
      {keys.map((k) => {
        const v = social[k]!;
        const label = t(`social.${k}`);
        if (k === 'telegram')
          return (
            <ExternalLink key={k} href={`https://t.me/${encodeURIComponent(v)}`}>
              {`${label} @${v}`}
            </ExternalLink>
          );
        if (k === 'wechat') return <span key={k}>{`${label}: ${v}`}</span>;
        return (
          <ExternalLink key={k} href={v}>
            {label}
          </ExternalLink>
        );
      })}
    </Space>
  );
}
