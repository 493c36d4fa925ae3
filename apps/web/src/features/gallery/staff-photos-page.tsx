import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { GALLERY_MAX_FILES_PER_UPLOAD } from '@kikstart/contract/gallery';
import { UPLOAD_MESSAGES, uploadAccept, uploadProblem } from '@kikstart/contract/uploads';
import { formatSessionDay } from '@kikstart/contract/schedule';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths, pathTo } from '../../lib/paths.ts';
import { accountPageSx } from '../../components/account-page-title.tsx';
import { ListShell, SkeletonRows } from '../../components/list-shell.tsx';
import { SessionTabs } from '../../components/session-tabs.tsx';
import { useSessionPhotos } from './api/get-session-photos.ts';
import { useUploadSessionPhotos, type UploadProgress } from './api/upload-session-photos.ts';
import { StaffPhotoCard } from './components/staff-photo-card.tsx';

/** /coach/programs/:programId/sessions/:date/photos: upload a session's photos and tag the children in them. */
export function StaffPhotosPage() {
  const { programId = '', date = '' } = useParams();
  const session = useSessionPhotos(programId, date);
  const data = session.data;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatSessionDay(date) : date;
  usePageMeta({
    title: data ? `${data.program.title}, ${day}: photos` : 'Session photos',
    description: 'Class photos.',
  });
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const upload = useUploadSessionPhotos(programId, date, setProgress);
  const percent = progress && progress.total ? Math.round((progress.sent / progress.total) * 100) : 0;

  const choose = (list: FileList | null) => {
    const files = [...(list ?? [])];
    const refused = files.flatMap((f) => {
      const problem = uploadProblem('image', f);
      return problem ? [`${f.name}: ${problem}`] : [];
    });
    setProblems(refused);
    const good = files.filter((f) => !uploadProblem('image', f));
    if (!good.length) return;
    setProgress({ sent: 0, total: good.reduce((s, f) => s + f.size, 0) });
    upload.mutate(good, { onSettled: () => setProgress(null) });
  };

  return (
    <Container maxWidth="md" sx={accountPageSx}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <Link component={RouterLink} to={paths.coach}>
          Coach portal
        </Link>
        {data && (
          <Link component={RouterLink} to={pathTo(paths.coachProgram, { programId })}>
            {data.program.title}
          </Link>
        )}
        <Typography color="text.primary" aria-current="page">
          {day}
        </Typography>
      </Breadcrumbs>
      <Typography variant="h1" sx={{ fontSize: { xs: 26, md: 36 } }}>
        {data?.program.title ?? 'Session photos'}
      </Typography>
      <Typography sx={{ fontWeight: 600, mb: 2 }}>{day}</Typography>
      <SessionTabs programId={programId} date={date} current="photos" />

      <Box sx={{ mb: 3 }}>
        <Typography sx={{ mb: 1 }}>
          Add the session’s photos, then tag every child in each one. Families see a photo once you mark it as fully
          tagged; a photo with a child whose photo consent is No is shown only to that child’s family.
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddPhotoAlternateOutlined aria-hidden />}
          onClick={() => input.current?.click()}
          disabled={upload.isPending || !data}
        >
          Add photos
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={uploadAccept('image')}
          hidden
          data-testid="gallery-upload-input"
          onChange={(e) => {
            choose(e.target.files);
            e.target.value = '';
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {UPLOAD_MESSAGES.hint('image')} each; choose as many as you like (sent {GALLERY_MAX_FILES_PER_UPLOAD} at a
          time). Location data is removed from every photo.
        </Typography>
        {/* Reserved height: the bar appears without pushing the photos down. */}
        <Box sx={{ minHeight: 40, mt: 1 }}>
          {progress && (
            <>
              <LinearProgress variant="determinate" value={percent} aria-label="Upload progress" />
              <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
                Uploading… {percent}%
              </Typography>
            </>
          )}
        </Box>
        {problems.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setProblems([])}>
            These files were not sent:
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </Box>
          </Alert>
        )}
      </Box>

      <ListShell
        query={session}
        failed="The session’s photos could not be loaded."
        skeleton={<SkeletonRows count={2} height={320} />}
        empty={
          data?.photos.length === 0 && (
            <Typography>No photos of this session yet. Use “Add photos” to upload the ones you took.</Typography>
          )
        }
      >
        {() => (
          <Box sx={{ display: 'grid', gap: 2 }}>
            {data!.photos.map((p, i) => (
              <StaffPhotoCard key={p.id} photo={p} position={i + 1} roster={data!.children} />
            ))}
          </Box>
        )}
      </ListShell>
    </Container>
  );
}
