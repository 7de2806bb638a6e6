import type { ReactNode } from 'react';
import { Avatar, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
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
        <Avatar
          className="cr-profile-hero__avatar"
          size={88}
          src={avatar ?? undefined}
          icon={avatar ? undefined : <UserOutlined />}
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
