import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { PageLoader } from '../../components/page-loader.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths, pathTo } from '../../lib/paths.ts';
import { useProgramDetails } from '../../api/get-program-details.ts';
import { useChildrenBasic } from './api/get-children-basic.ts';
import { useCheckEnrollment } from './api/check-enrollment.ts';
import { ChooseChildStep } from './components/choose-child-step.tsx';
import { SchoolStep } from './components/school-step.tsx';
import { WaiverStep } from './components/waiver-step.tsx';
import type { SignedWaiver } from './components/waiver-step.tsx';
import { ReviewStep } from './components/review-step.tsx';
import { PayStep } from './components/pay-step.tsx';

const STEPS = ['Choose a child', 'School details', 'Waiver', 'Review', 'Payment'] as const;

/** /programs/:id/enroll: five steps from choosing a child to a held seat (or a waitlist place). */
export function EnrollPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const program = useProgramDetails(id);
  const children = useChildrenBasic();
  const [step, setStep] = useState(0);
  const [chosenChildId, setChildId] = useState<string | null>(searchParams.get('childId'));
  // A family with one child has it chosen already.
  const childId = chosenChildId ?? (children.data?.length === 1 ? children.data[0]!.id : null);
  const [waiver, setWaiver] = useState<SignedWaiver | null>(null);
  const [result, setResult] = useState<Enrollment | null>(null);
  const check = useCheckEnrollment(childId, id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('md'));
  usePageMeta({
    title: program.data ? `Enroll in ${program.data.title}` : 'Enroll',
    description: 'Enroll your child in a KikStart program.',
  });

  // Move focus to the step heading so keyboard and screen-reader users follow the wizard.
  const go = (next: number) => {
    setStep(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  if (program.isError)
    return (
      <ErrorMessage
        title="Program not available"
        text="This program could not be loaded."
        onRetry={() => program.refetch()}
      />
    );
  if (!program.data) return <PageLoader label="Loading the program" />;
  const p = program.data;
  const enrollPath = pathTo(paths.enroll, { id });
  const child = children.data?.find((c) => c.id === childId);
  const childName = child?.firstName ?? 'your child';

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="overline" component="p" color="text.secondary">
        Enrollment
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 1 }}>
        {p.title}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        <Link component={RouterLink} to={pathTo(paths.programDetails, { id })}>
          Back to program details
        </Link>
      </Typography>
      {wide ? (
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 4 }}>
          {STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
      ) : (
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>{`Step ${step + 1} of ${STEPS.length}`}</Typography>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        <Typography
          variant="h2"
          ref={headingRef}
          tabIndex={-1}
          sx={{ fontSize: { xs: 22, md: 26 }, mb: 3, outline: 'none' }}
        >
          {STEPS[step]}
        </Typography>
        {step === 0 && (
          <ChooseChildStep
            enrollPath={enrollPath}
            childId={childId}
            onChildChange={(c) => {
              setChildId(c);
              setResult(null);
            }}
            check={check.data}
            checking={check.isFetching}
            onNext={() => go(1)}
          />
        )}
        {step === 1 && childId && (
          <SchoolStep program={p} childId={childId} enrollPath={enrollPath} onBack={() => go(0)} onNext={() => go(2)} />
        )}
        {step === 2 && (
          <WaiverStep
            initial={waiver}
            onBack={() => go(1)}
            onSigned={(w) => {
              setWaiver(w);
              go(3);
            }}
          />
        )}
        {step === 3 && waiver && check.data && (
          <ReviewStep
            program={p}
            childName={child?.name ?? childName}
            waiver={waiver}
            check={check.data}
            onBack={() => go(2)}
            onNext={() => go(4)}
          />
        )}
        {step === 4 && waiver && check.data && childId && (
          <PayStep
            program={p}
            childId={childId}
            childName={childName}
            waiver={waiver}
            check={check.data}
            result={result}
            onDone={setResult}
            onBack={() => go(3)}
          />
        )}
        {step > 0 && !childId && <Alert severity="warning">Choose a child first.</Alert>}
      </Paper>
    </Container>
  );
}
