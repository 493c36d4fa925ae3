import { useId } from 'react';
import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

export interface FormCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /**
   * 1: the card is the page (sign-in, sign-up) and its title is the page's h1. 2 (default): the
   * card is a section of a page (a lead form) labeled by its h2.
   */
  headingLevel?: 1 | 2;
  /** Names the title's id `${id}-title` (otherwise a generated one). */
  id?: string;
}

/** A card holding a form: its title, an optional intro and the form. */
export function FormCard({ title, intro, children, headingLevel = 2, id }: FormCardProps) {
  const autoId = useId();
  const titleId = `${id ?? autoId}-title`;
  const isPage = headingLevel === 1;
  const padding = isPage ? { xs: 3, sm: 5 } : { xs: 2.5, sm: 4 };
  return (
    <Card component={isPage ? 'div' : 'section'} aria-labelledby={isPage ? undefined : titleId}>
      <CardContent sx={{ p: padding, '&:last-child': { pb: padding } }}>
        <Typography
          id={titleId}
          variant={isPage ? 'h1' : 'h3'}
          component={isPage ? 'h1' : 'h2'}
          sx={isPage ? { fontSize: { xs: 26, sm: 32 }, mb: intro ? 1 : 3 } : { mb: 1 }}
        >
          {title}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {intro}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
