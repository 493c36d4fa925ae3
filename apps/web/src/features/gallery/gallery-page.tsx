import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Download from '@mui/icons-material/Download';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { GalleryPhoto } from '@kikstart/contract/gallery';
import { formatSessionDay } from '@kikstart/contract/schedule';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { uploadUrl } from '../../lib/upload-url.ts';
import { AccountPageTitle, accountPageSx } from '../../components/account-page-title.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListShell } from '../../components/list-shell.tsx';
import { GALLERY_PAGE_SIZE, useGallery } from './api/get-gallery.ts';
import { useKeepPhotos } from './api/keep-photos.ts';
import { PhotoLightbox } from './components/photo-lightbox.tsx';
import { PhotoTile, TILE_RATIO, photoGridSx } from './components/photo-tile.tsx';

const caption = (p: GalleryPhoto) => `${p.programTitle}, ${formatSessionDay(p.sessionDate)}`;

/** /account/gallery: photos of the children's programs, a program filter, a lightbox, keep and download. */
export function GalleryPage() {
  usePageMeta({ title: 'Gallery', description: 'Photos from your children’s classes.' });
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const programId = params.get('program') ?? undefined;
  const gallery = useGallery({ page, programId });
  const data = gallery.data;
  const [open, setOpen] = useState<number | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const keep = useKeepPhotos();

  const setFilter = (next: { page?: number; program?: string }) => {
    const p = new URLSearchParams(params);
    if (next.program !== undefined) {
      if (next.program) p.set('program', next.program);
      else p.delete('program');
      p.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) p.set('page', String(next.page));
      else p.delete('page');
    }
    setParams(p);
    setOpen(null);
  };
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const endSelect = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const save = (keepThem: boolean) =>
    keep.mutate({ photoIds: [...selected], keep: keepThem }, { onSuccess: endSelect });

  const photos = data?.items ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return (
    <Container maxWidth="lg" sx={accountPageSx}>
      <AccountPageTitle
        title="Gallery"
        intro="Photos the coaches took at your children’s classes. Keep the ones you like and download them together."
        action={
          data?.downloadUrl ? (
            <Button
              component="a"
              variant="contained"
              startIcon={<Download aria-hidden />}
              href={uploadUrl(data.downloadUrl)}
              download
              sx={{ whiteSpace: 'nowrap' }}
            >
              Download kept photos ({data.keptCount})
            </Button>
          ) : undefined
        }
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { sm: 'center' }, justifyContent: 'space-between', minHeight: 56 }}
      >
        <TextField
          select
          label="Program"
          size="small"
          value={programId ?? ''}
          onChange={(e) => setFilter({ program: e.target.value })}
          sx={{ minWidth: { sm: 280 } }}
          disabled={!data}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">All programs</MenuItem>
          {(data?.programs ?? []).map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.title}
            </MenuItem>
          ))}
        </TextField>
        {photos.length > 0 &&
          (selecting ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Button variant="contained" onClick={() => save(true)} disabled={!selected.size || keep.isPending}>
                Keep {selected.size || ''} selected
              </Button>
              <Button variant="outlined" onClick={() => save(false)} disabled={!selected.size || keep.isPending}>
                Remove from kept
              </Button>
              <Button onClick={endSelect}>Cancel</Button>
            </Stack>
          ) : (
            <Button variant="outlined" onClick={() => setSelecting(true)}>
              Select photos
            </Button>
          ))}
      </Stack>
      {selecting && (
        <Typography role="status" sx={{ mb: 2 }}>
          {selected.size
            ? `${selected.size} selected. Keep them to download them together.`
            : 'Choose the photos to keep or remove from your kept photos.'}
        </Typography>
      )}
      <ListShell
        query={gallery}
        failed="The gallery could not be loaded."
        skeleton={<GallerySkeleton />}
        empty={
          data?.items.length === 0 && (
            <EmptyState
              title={programId ? 'No photos from this program yet' : 'No photos yet'}
              text="Coaches add photos after class. You will see photos from the programs your children attend here; the photo policy explains who sees which photos."
              actions={
                <>
                  {programId && (
                    <Button variant="contained" onClick={() => setFilter({ program: '' })}>
                      Show all programs
                    </Button>
                  )}
                  <Button variant={programId ? 'outlined' : 'contained'} component={RouterLink} to={paths.programs}>
                    Browse programs
                  </Button>
                  <Button variant="outlined" component={RouterLink} to={paths.photoPolicy}>
                    Read the photo policy
                  </Button>
                </>
              }
            />
          )
        }
      >
        {() => (
          <>
            <Box component="ul" aria-label="Photos" sx={{ ...photoGridSx, listStyle: 'none', p: 0, m: 0 }}>
              {photos.map((p, i) => (
                <Box component="li" key={p.id} sx={{ minWidth: 0 }}>
                  <PhotoTile
                    thumbUrl={p.thumbUrl}
                    label={
                      selecting ? `Select photo: ${caption(p)}` : `Open photo: ${caption(p)}${p.kept ? ' (kept)' : ''}`
                    }
                    pressed={selecting ? selected.has(p.id) : undefined}
                    onClick={() => (selecting ? toggle(p.id) : setOpen(i))}
                    overlay={
                      (selecting ? selected.has(p.id) : p.kept) && (
                        <CheckCircle
                          aria-hidden
                          sx={{
                            position: 'absolute',
                            top: 8,
                            right: 8,
                            color: 'primary.main',
                            bgcolor: 'common.white',
                            borderRadius: '50%',
                          }}
                        />
                      )
                    }
                  />
                  <Typography variant="body2" sx={{ mt: 0.5 }} noWrap>
                    {p.programTitle}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {formatSessionDay(p.sessionDate)}
                  </Typography>
                </Box>
              ))}
            </Box>
            {pages > 1 && (
              <Pagination
                page={page}
                count={pages}
                onChange={(_, next) => setFilter({ page: next })}
                sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
                getItemAriaLabel={(type, n) =>
                  type === 'page' ? `Page ${n}` : type === 'next' ? 'Next page' : 'Previous page'
                }
              />
            )}
          </>
        )}
      </ListShell>
      <PhotoLightbox
        photos={photos.map((p) => ({ ...p, caption: caption(p) }))}
        index={open}
        onIndex={setOpen}
        onClose={() => setOpen(null)}
      />
    </Container>
  );
}

/** The grid's shape while it loads: tiles at their own size, with the caption line under each. */
function GallerySkeleton() {
  return (
    <Box aria-hidden data-testid="list-skeleton" sx={photoGridSx}>
      {Array.from({ length: Math.min(8, GALLERY_PAGE_SIZE) }, (_, i) => (
        <Box key={i}>
          <Skeleton
            animation="wave"
            variant="rounded"
            sx={{ width: '100%', height: 'auto', aspectRatio: TILE_RATIO }}
          />
          <Skeleton animation="wave" variant="text" sx={{ mt: 0.5 }} />
          <Skeleton animation="wave" variant="text" width="60%" />
        </Box>
      ))}
    </Box>
  );
}
