import { useEffect } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useAppSelector } from '../../../store/hooks.ts';

/**
 * The header's chat button with the unread total (spec §3's global counter, set from the server).
 * While signed in it also keeps the chat socket open, loaded on demand so the socket code stays
 * out of the first page's bundle.
 */
export function ChatHeaderLink() {
  const isLoggedIn = useAppSelector((s) => s.session.isLoggedIn);
  const unread = useAppSelector((s) => s.counter.value);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isLoggedIn) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../chat-socket.ts').then((m) => {
      if (!cancelled) stop = m.startChatSocket(queryClient);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [isLoggedIn, queryClient]);
  if (!isLoggedIn) return null;
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages';
  return (
    // No tooltip: its popper would weigh on every public page's first load (route budgets, 0027);
    // the button's accessible name says what it is.
    <IconButton component={Link} to={paths.chat} color="inherit" aria-label={label} data-testid="chat-header-link">
      <Badge badgeContent={unread} color="primary" max={99}>
        <ChatBubbleOutlineIcon />
      </Badge>
    </IconButton>
  );
}
