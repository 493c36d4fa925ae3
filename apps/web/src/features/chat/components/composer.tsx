import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import { CHAT_BODY_MAX, CHAT_MESSAGES } from '@kikstart/contract/chat';
import { UPLOAD_MESSAGES, uploadAccept, uploadProblem } from '@kikstart/contract/uploads';
import { useSendMessage } from '../api/send-message.ts';
import { useUploadAttachment } from '../api/upload-attachment.ts';

/** Write a message, optionally with one file (a picture or a document), with upload progress. */
export function Composer({ conversationId }: { conversationId: string }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useSendMessage();
  const upload = useUploadAttachment();
  const hintId = useId();
  const busy = send.isPending || upload.isPending;

  const submit = async () => {
    const body = text.trim();
    if (!body && !file) {
      setProblem(CHAT_MESSAGES.bodyRequired);
      return;
    }
    setProblem(null);
    try {
      if (file) {
        setProgress(0);
        await upload.mutateAsync({ conversationId, file, text: body, onProgress: setProgress });
        setFile(null);
      } else {
        await send.mutateAsync({ conversationId, body });
      }
      setText('');
    } catch {
      // The API client or the upload has already said what went wrong.
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box
      component="form"
      aria-label="Write a message"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ p: { xs: 1.5, sm: 2 }, borderTop: 1, borderColor: 'divider' }}
    >
      {file && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="body2" noWrap sx={{ flex: 1 }}>
            Attached: {file.name}
          </Typography>
          <IconButton size="small" aria-label={`Remove ${file.name}`} onClick={() => setFile(null)} disabled={busy}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      {progress !== null && (
        <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" sx={{ mb: 1 }} />
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={uploadAccept('attachment')}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (!chosen) return;
            const why = uploadProblem('attachment', chosen);
            setProblem(why);
            setFile(why ? null : chosen);
          }}
          data-testid="chat-file-input"
        />
        <Tooltip title="Attach a file">
          <span>
            <IconButton
              sx={{ mb: 2.75 }}
              aria-label="Attach a file"
              onClick={() => fileInput.current?.click()}
              disabled={busy}
            >
              <AttachFileIcon />
            </IconButton>
          </span>
        </Tooltip>
        <TextField
          label="Message"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
          multiline
          maxRows={5}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: CHAT_BODY_MAX, 'aria-describedby': hintId } }}
          error={!!problem}
          helperText={problem ?? ' '}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          endIcon={<SendIcon />}
          sx={{ mb: 2.75, flexShrink: 0 }}
        >
          Send
        </Button>
      </Box>
      <Typography id={hintId} variant="caption" color="text.secondary">
        Enter sends, Shift+Enter starts a new line. Files: {UPLOAD_MESSAGES.hint('attachment')}.
      </Typography>
    </Box>
  );
}
