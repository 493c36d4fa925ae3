import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import NoPhotographyOutlined from '@mui/icons-material/NoPhotographyOutlined';
import type { ReactNode } from 'react';

/** A flag a coach must not miss: an icon and words, on a bordered box, so it reads without color (and on paper). */
function Flag({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        border: 2,
        borderColor: 'error.main',
        borderRadius: 1,
        px: 1.5,
        py: 1,
        '@media print': { borderColor: '#000' },
      }}
    >
      {icon}
      <div>
        <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
        {children && <Typography>{children}</Typography>}
      </div>
    </Box>
  );
}

export function AllergyFlag({ details }: { details: string | null }) {
  return (
    <Flag icon={<WarningAmberOutlined color="error" aria-hidden sx={{ mt: 0.25 }} />} title="Allergy">
      {details}
    </Flag>
  );
}

export function NoPhotosFlag() {
  return <Flag icon={<NoPhotographyOutlined aria-hidden sx={{ mt: 0.25 }} />} title="No photos" />;
}
