import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { deleteAccountSchema } from '@kikstart/contract/family';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useExportMyData } from '../api/export-my-data.ts';
import { useLogout } from '../use-logout.ts';

/** Profile page: download everything we keep as JSON, and delete the account (password required). */
export function AccountDataSection({ isParent }: { isParent: boolean }) {
  const exportData = useExportMyData();
  return (
    <Card component="section" aria-labelledby="account-data-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="account-data-title" variant="h2" sx={{ fontSize: { xs: 22, sm: 26 }, mb: 1 }}>
          Your data
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Download everything we keep about you and your family as one JSON file: your profile, the guardians, your
          children with all their details, enrollments and waiver signatures, and the forms you sent us.
        </Typography>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined aria-hidden />}
          onClick={() => exportData.mutate()}
          disabled={exportData.isPending}
        >
          {exportData.isPending ? 'Preparing your data…' : 'Download my data'}
        </Button>
        {isParent && (
          <>
            <Divider sx={{ my: 3 }} />
            <DeleteAccount />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DeleteAccount() {
  const remove = useDeleteAccount();
  const logout = useLogout();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = () => {
    setPassword('');
    setError(null);
  };
  const confirm = async () => {
    const parsed = deleteAccountSchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      throw parsed.error;
    }
    try {
      await remove.mutateAsync(parsed.data);
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors.password ?? null) : null);
      throw err;
    }
    // The server ended every session; clear this one and go to the login page (its toast said it all).
    logout({ announce: false });
  };
  return (
    <Box>
      <Typography variant="h3" component="h3" sx={{ fontSize: 18, mb: 1 }}>
        Delete account
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        If another guardian shares your family, you leave it and the children stay with them. If you are the only
        guardian, your children, their photos and enrollments are deleted too. Download your data first if you want to
        keep it.
      </Typography>
      <ConfirmButton
        label="Delete account"
        title="Delete your account?"
        text="This cannot be undone. Enter your password to confirm."
        confirmLabel="Delete my account"
        onConfirm={confirm}
        onCancel={reset}
      >
        <Stack spacing={1}>
          <TextField
            autoFocus
            fullWidth
            type="password"
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
            error={!!error}
            helperText={error ?? ' '}
          />
        </Stack>
      </ConfirmButton>
    </Box>
  );
}
