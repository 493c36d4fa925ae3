import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Testimonial } from '@kikstart/contract/content';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { avatarInitials } from '../../../lib/format/initials.ts';
import { useTestimonials } from '../api/get-testimonials.ts';
import { Section } from './section.tsx';

export function TestimonialsSection() {
  const { data, isPending, isError, refetch } = useTestimonials();
  if (!isPending && !isError && data.length === 0) return null;
  return (
    <Section id="testimonials" title="What families and schools say">
      {isError ? (
        <ErrorMessage
          title="Testimonials could not be loaded"
          text="Please try again in a moment."
          onRetry={() => void refetch()}
        />
      ) : (
        <Grid container spacing={3}>
          {(data ?? [null, null, null]).map((t, i) => (
            <Grid key={t?.id ?? i} size={{ xs: 12, sm: 6, lg: data && data.length === 4 ? 3 : 4 }}>
              {t ? <TestimonialCard testimonial={t} /> : <Skeleton variant="rounded" height={220} aria-hidden />}
            </Grid>
          ))}
        </Grid>
      )}
    </Section>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Card component="figure" sx={{ m: 0, height: '100%' }}>
      <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, height: '100%' }}>
        <Rating value={testimonial.rating} readOnly size="small" />
        <Box component="blockquote" sx={{ m: 0, flex: 1 }}>
          <Typography>“{testimonial.quote}”</Typography>
        </Box>
        <Box component="figcaption" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar aria-hidden sx={{ fontSize: 15 }}>
            {avatarInitials(testimonial.authorName)}
          </Avatar>
          <Box>
            <Typography sx={{ fontWeight: 700 }}>{testimonial.authorName}</Typography>
            <Typography color="text.secondary">{testimonial.authorRole}</Typography>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
