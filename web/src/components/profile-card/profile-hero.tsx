import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { MemberAvatar } from '../member-avatar';
import './profile-card.css';

/** The top of a member's card: banner, avatar, name (with extras such as @username and the role), motto. */
export function ProfileHero({
  banner,
  avatar,
  avatarAlt,
  name,
  extra,
  motto,
}: {
  banner: string | null;
  avatar: string | null;
  avatarAlt: string;
  name: string;
  /** Shown next to the name: @username, the role tag. */
  extra?: ReactNode;
  motto: string | null;
}) {
  return (
    <>
      <div className="cr-profile-hero-wrap">
        <div className="cr-profile-hero">
          {banner && <img className="cr-profile-hero__banner" src={banner} alt="" />}
        </div>
        <MemberAvatar
          className="cr-profile-hero__avatar"
          size={88}
          src={avatar}
          alt={avatar ? avatarAlt : undefined}
        />
      </div>
      <div className="cr-profile-name">
        <Typography.Title level={2}>{name}</Typography.Title>
        {extra}
      </div>
      {motto && <p className="cr-profile-motto">“{motto}”</p>}
    </>
  );
}
