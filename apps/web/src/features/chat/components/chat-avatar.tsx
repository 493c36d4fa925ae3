import Avatar from '@mui/material/Avatar';
import { avatarInitials } from '@kikstart/contract/chat';

/** Initials per spec §9 (first letters of the first and third words of the name). */
export function ChatAvatar({ name, size = 40 }: { name: string; size?: number }) {
  return (
    <Avatar
      aria-hidden
      sx={{ width: size, height: size, bgcolor: 'secondary.main', fontSize: size * 0.4, fontWeight: 600 }}
    >
      {avatarInitials(name)}
    </Avatar>
  );
}
