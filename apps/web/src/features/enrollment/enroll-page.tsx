import { useEffect, useRef, useState } from 'react';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useIsMutating } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { UNPAID_HOLD_STATUS } from '@kikstart/contract/enrollment-status';
import { ErrorMessage } from '../../components/error-message.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { checkoutFor, paths, pathTo } from '../../lib/paths.ts';
import { useProgramDetails } from '../../api/get-program-details.ts';
import { useChildrenBasic } from './api/get-children-basic.ts';
import { useCheckEnrollment } from './api/check-enrollment.ts';
import { createEnrollmentKey } from './api/create-enrollment.ts';
import { ChooseChildStep } from './components/choose-child-step.tsx';
import { SchoolStep } from './components/school-step.tsx';
import { WaiverStep } from './components/waiver-step.tsx';
import { ReviewStep } from './components/review-step.tsx';
import { PayStep } from './components/pay-step.tsx';
import { StepSkeleton } from './components/step-skeleton.tsx';
import { STEP, WIZARD_STEPS, reachableStep, stepFromParam, wizardUrl } from './wizard-steps.ts';
import { readWaiverDraft, saveWaiverDraft } from './wizard-draft.ts';

/** History state of a step the wizard pushed: the step it came from, so its Back can be the browser's Back. */
const cameFrom = (state: unknown) =>
  typeof state === 'object' && state !== null && 'wizardFrom' in state ? state.wizardFrom : undefined;

/**
 * /programs/:id/enroll?step=…&childId=…: five steps from choosing a child to a held seat, which the
 * wizard hands to the checkout (or a waitlist place, which it confirms here). Each step is in the URL:
 * a reload stays on it, browser Back goes to the previous step, and a step opened without what comes
 * before it (no child who may join, no signed waiver) goes back to the first step that is missing.
 */
export function EnrollPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const program = useProgramDetails(id);
  const children = useChildrenBasic();
  const requested = stepFromParam(params.get('step'));
  // A family with one child has it chosen already.
  const childId = params.get('childId') ?? (children.data?.length === 1 ? children.data[0]!.id : null);
  const child = children.data?.find((c) => c.id === childId);
  const check = useCheckEnrollment(childId, id);
  const [draft, setDraft] = useState(() => readWaiverDraft(id));
  const waiver = draft && draft.childId === childId ? draft : null;
  const [result, setResult] = useState<Enrollment | null>(null);
  const holding = useIsMutating({ mutationKey: createEnrollmentKey }) > 0;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('md'));
  usePageMeta({
    title: program.data ? `Enroll in ${program.data.title}` : 'Enroll',
    description: 'Enroll your child in a KikStart program.',
  });

  const enrollPath = pathTo(paths.enroll, { id });
  const loaded = !!program.data && !children.isPending;
  // Whether the chosen child may join is known (the first step shows that check itself, as it runs).
  const settled = loaded && (!childId || !check.isPending);
  const childReady = !!child && !!check.data && (check.data.canEnroll || check.data.canJoinWaitlist);
  // Once a seat is being held (or was), the check says so: that is the outcome, not a reason to step back.
  const step =
    !settled || holding || result ? requested : reachableStep(requested, { childReady, waiverSigned: !!waiver });

  useEffect(() => {
    if (step < requested) navigate(wizardUrl(enrollPath, step, childId), { replace: true, state: location.state });
  }, [step, requested, enrollPath, childId, navigate, location.state]);

  // Move focus to the step heading when the step changes (buttons or browser Back), for keyboard and screen readers.
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    headingRef.current?.focus();
  }, [step]);

  const forward = (next: number) => navigate(wizardUrl(enrollPath, next, childId), { state: { wizardFrom: step } });
  // The in-page Back is the browser's Back when the wizard pushed this step; otherwise (a reload, a link) it replaces.
  const back = (previous: number) =>
    cameFrom(location.state) === previous
      ? navigate(-1)
      : navigate(wizardUrl(enrollPath, previous, childId), { replace: true });

  if (program.isError)
    return (
      <ErrorMessage
        title="Program not available"
        text="This program could not be loaded."
        onRetry={() => program.refetch()}
      />
    );
  const p = program.data;
  const childName = child?.firstName ?? 'your child';

  const body = () => {
    if (!p || !loaded || (step > STEP.child && !settled)) return <StepSkeleton step={step} />;
    switch (step) {
      case STEP.child:
        return (
          <ChooseChildStep
            enrollPath={enrollPath}
            childId={childId}
            onChildChange={(c) => {
              setResult(null);
              // Synchronously: the radio group's value comes from the URL, and must not flick back meanwhile.
              navigate(wizardUrl(enrollPath, STEP.child, c), { replace: true, state: location.state, flushSync: true });
            }}
            check={check.data}
            checking={check.isFetching}
            onNext={() => forward(STEP.school)}
          />
        );
      case STEP.school:
        return (
          <SchoolStep
            program={p}
            childId={childId!}
            returnTo={wizardUrl(enrollPath, STEP.school, childId)}
            onBack={() => back(STEP.child)}
            onNext={() => forward(STEP.waiver)}
          />
        );
      case STEP.waiver:
        return (
          <WaiverStep
            initial={waiver}
            onBack={() => back(STEP.school)}
            onSigned={(w) => {
              const signed = { ...w, childId: childId! };
              saveWaiverDraft(id, signed);
              setDraft(signed);
              forward(STEP.review);
            }}
          />
        );
      case STEP.review:
        return (
          <ReviewStep
            program={p}
            childName={child?.name ?? childName}
            waiver={waiver!}
            check={check.data!}
            onBack={() => back(STEP.waiver)}
            onNext={() => forward(STEP.pay)}
          />
        );
      default:
        return (
          <PayStep
            program={p}
            childId={childId!}
            childName={childName}
            waiver={waiver!}
            check={check.data!}
            result={result}
            onDone={(e) => {
              setResult(e);
              saveWaiverDraft(id, null);
              // A held seat goes straight to the checkout, ticked; Back from there returns to the review.
              // A waitlist place, or a seat the family's plan covers, is confirmed on this page.
              if (e.status === UNPAID_HOLD_STATUS) navigate(checkoutFor([e.id]), { replace: true });
            }}
            onBack={() => back(STEP.review)}
          />
        );
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="overline" component="p" color="text.secondary">
        Enrollment
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 1 }}>
        {p ? p.title : <Skeleton animation="wave" width="60%" aria-label="Loading the program" />}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        <Link component={RouterLink} to={pathTo(paths.programDetails, { id })}>
          Back to program details
        </Link>
      </Typography>
      {wide ? (
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 4 }}>
          {WIZARD_STEPS.map((s) => (
            <Step key={s.key}>
              <StepLabel>{s.label}</StepLabel>
            </Step>
          ))}
        </Stepper>
      ) : (
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>{`Step ${step + 1} of ${WIZARD_STEPS.length}`}</Typography>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        <Typography
          variant="h2"
          ref={headingRef}
          tabIndex={-1}
          sx={{ fontSize: { xs: 22, md: 26 }, mb: 3, outline: 'none' }}
        >
          {WIZARD_STEPS[step]!.label}
        </Typography>
        {body()}
      </Paper>
    </Container>
  );
}
