import type { UserInfo } from '@app/contract';
import { useTranslation } from 'react-i18next';
import '../profile.css';

/** The user's avatar, or their initial on a coloured disc when none is set. */
export function UserAvatar({ user, size = 64 }: { user: Pick<UserInfo, 'nickname' | 'avatar'>; size?: number }) {
  const { t } = useTranslation();
  const label = t('profile.avatarOf', { name: user.nickname });
  const style = { width: size, height: size };
  if (user.avatar) {
    return <img className="avatar" src={user.avatar} alt={label} width={size} height={size} style={style} />;
  }
  const initial = Array.from(user.nickname.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className="avatar avatar--initial" role="img" aria-label={label} style={{ ...style, fontSize: size * 0.42 }}>
      {initial}
    </span>
  );
}
