import { styled } from '@mui/material/styles';

const Link = styled('a')(({ theme }) => ({
  position: 'absolute',
  left: theme.spacing(2),
  top: theme.spacing(-8),
  zIndex: theme.zIndex.tooltip + 1,
  padding: theme.spacing(1, 2),
  borderRadius: theme.shape.borderRadius,
  background: theme.palette.background.paper,
  color: theme.palette.text.primary,
  fontWeight: 700,
  border: `2px solid ${theme.palette.text.primary}`,
  '&:focus': { top: theme.spacing(1) },
}));

/** First focusable element: jumps keyboard users past the navigation. */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <Link
      href={`#${targetId}`}
      onClick={(event) => {
        event.preventDefault();
        const target = document.getElementById(targetId);
        target?.focus();
        target?.scrollIntoView();
      }}
    >
      Skip to main content
    </Link>
  );
}
