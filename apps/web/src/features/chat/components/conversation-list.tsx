import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { chatTimestamp, type Conversation } from '@kikstart/contract/chat';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { ChatAvatar } from './chat-avatar.tsx';

/** The conversations, most recent first: who, the last message, its time (§9) and the unread count. */
export function ConversationList({
  conversations,
  selectedId,
  onSelect,
}: {
  conversations: Conversation[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const now = new Date();
  return (
    <List aria-label="Conversations" disablePadding>
      {conversations.map((c) => {
        const last = c.lastMessage;
        return (
          <li key={c.id}>
            <ListItemButton
              selected={c.id === selectedId}
              aria-current={c.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
              sx={{ borderRadius: 1, alignItems: 'flex-start', gap: 0.5 }}
            >
              <ListItemAvatar>
                <Badge color="primary" badgeContent={c.unread} overlap="circular">
                  <ChatAvatar name={c.title} />
                </Badge>
              </ListItemAvatar>
              <ListItemText
                disableTypography
                primary={
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                    <Typography component="span" sx={{ fontWeight: c.unread ? 700 : 600 }} noWrap>
                      {c.title}
                    </Typography>
                    {last && (
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                        {chatTimestamp(new Date(last.createdAt), now)}
                      </Typography>
                    )}
                  </Box>
                }
                secondary={
                  <>
                    {c.subtitle && (
                      <Typography
                        component="span"
                        variant="body2"
                        color="text.secondary"
                        noWrap
                        sx={{ display: 'block' }}
                      >
                        {c.subtitle}
                      </Typography>
                    )}
                    <Typography
                      component="span"
                      variant="body2"
                      noWrap
                      sx={{ display: 'block', fontWeight: c.unread ? 600 : 400 }}
                    >
                      {last ? `${last.mine ? 'You: ' : ''}${last.preview}` : 'No messages yet'}
                    </Typography>
                    {c.unread > 0 && (
                      <Typography component="span" sx={visuallyHidden}>
                        {`${c.unread} unread`}
                      </Typography>
                    )}
                  </>
                }
              />
            </ListItemButton>
          </li>
        );
      })}
    </List>
  );
}
