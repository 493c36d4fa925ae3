import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminLeadDetail } from '@kikstart/contract/admin-leads';
import { ConfirmButton } from '../../../../components/confirm-button.tsx';
import { formatDateTime } from '../../../../lib/format/dates.ts';
import { useDecideCoachApplication } from '../api/decide-coach-application.ts';
import { useDownloadCv } from '../api/download-cv.ts';

type Application = NonNullable<AdminLeadDetail['coachApplication']>;

/** The applicant's CV and the hiring decision, which the CV clean-up job follows. */
export function CoachApplicationPanel({ id, application }: { id: string; application: Application }) {
  const download = useDownloadCv();
  const decide = useDecideCoachApplication(id);
  const { cvFileName, cvDeletedAt, hiredAt, rejectedAt } = application;
  return (
    <Stack component="section" spacing={2} aria-labelledby="application-title">
      <Typography id="application-title" variant="h2" sx={{ fontSize: 20 }}>
        Application
      </Typography>
      {cvFileName ? (
        <Button
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          disabled={download.isPending}
          onClick={() => download.mutate({ id, fileName: cvFileName })}
        >
          Download CV ({cvFileName})
        </Button>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>
          {cvDeletedAt
            ? `The CV was deleted on ${formatDateTime(cvDeletedAt)} under the retention rule. Ask the applicant by email if you need it.`
            : 'No CV was kept with this application. Ask the applicant by email if you need it.'}
        </Typography>
      )}
      {hiredAt && <Alert severity="success">Hired on {formatDateTime(hiredAt)}. The CV is kept.</Alert>}
      {rejectedAt && (
        <Alert severity="info">
          Rejected on {formatDateTime(rejectedAt)}. The CV is deleted at the next hourly clean-up.
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {!hiredAt && (
          <Button variant="contained" disabled={decide.isPending} onClick={() => decide.mutate('hired')}>
            Mark hired
          </Button>
        )}
        {!rejectedAt && (
          <ConfirmButton
            label="Mark rejected"
            title="Reject this applicant?"
            text="The lead is marked lost and the applicant's CV is deleted at the next hourly clean-up. The rest of the application stays."
            confirmLabel="Reject"
            onConfirm={() => decide.mutateAsync('rejected')}
          />
        )}
      </Stack>
    </Stack>
  );
}
