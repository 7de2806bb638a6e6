import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';

/** A member's picture, or the person icon when they have none. Decorative (`alt=""`) unless `alt` is given. */
export function MemberAvatar({
  src,
  size,
  alt = '',
  className,
}: {
  src: string | null | undefined;
  size: number;
  alt?: string;
  className?: string;
}) {
  return (
    <Avatar
      size={size}
      src={src ?? undefined}
      icon={src ? undefined : <UserOutlined />}
      alt={alt}
      className={className}
    />
  );
}
