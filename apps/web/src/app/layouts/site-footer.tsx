import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useSettings } from '../../features/content/api/get-settings.ts';
import { mainNav, paths, policyNav } from '../../lib/paths.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { lazyPart } from '../../lib/lazy-part.tsx';

/** The form's height, held until it shows, so the footer does not move. */
const newsletterSpace = <Box sx={{ minHeight: 56 }} />;

// The sign-up form (react-hook-form, zod) stays out of the landing chunk. It is a part of every
// server-rendered page (lazy-part.tsx: in the HTML, loaded before hydrating, so what was typed
// early is kept), a real form that posts without scripts too (decision 0033).
const NewsletterSignup = lazyPart('src/features/leads/components/newsletter-signup.tsx', () =>
  import('../../features/leads/components/newsletter-signup.tsx').then((m) => m.default),
);

const workWithUs = [
  { label: 'Book a call', to: paths.bookCall },
  { label: 'Become a coach', to: paths.becomeCoach },
  { label: 'Bring KikStart to my school', to: paths.schools },
];

const telHref = (phone: string) => `tel:+1${phone.replace(/\D/g, '')}`;

/** Footer: company details and social links from GET /api/cms/settings-data, plus policy links. */
export function SiteFooter() {
  const { data, isPending, isError } = useSettings();
  const settings = data?.data;
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      sx={{
        mt: 8,
        py: 6,
        bgcolor: (t) => (t.palette.mode === 'light' ? '#F1F2F3' : '#181818'),
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 5 }}>
            {isPending ? (
              <Stack spacing={1} aria-hidden>
                <Skeleton width="60%" height={32} />
                <Skeleton width="80%" />
                <Skeleton width="50%" />
                <Skeleton width="70%" />
              </Stack>
            ) : settings ? (
              <Stack spacing={1} component="address" sx={{ fontStyle: 'normal' }}>
                <Typography variant="h4" component="h2">
                  {settings.companyName}
                </Typography>
                <Typography color="text.secondary">{settings.tagline}</Typography>
                <Typography>
                  Phone: <Link href={telHref(settings.phone)}>{settings.phone}</Link>
                </Typography>
                <Typography>
                  Email: <Link href={`mailto:${settings.email}`}>{settings.email}</Link>
                </Typography>
                <Typography>{settings.address}</Typography>
                <Typography color="text.secondary">{settings.hours}</Typography>
              </Stack>
            ) : (
              isError && (
                <Typography color="text.secondary">
                  Contact details are unavailable right now. Please try again later.
                </Typography>
              )
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 2 }}>
            <FooterLinks
              title="Explore"
              links={[...mainNav.filter((n) => n.to !== '/'), { label: 'Memberships', to: paths.plans }]}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <FooterLinks title="Policies" links={policyNav} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 2 }}>
            <Typography variant="h5" component="h2" gutterBottom>
              Follow us
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {settings?.social.map((s) => (
                <Box component="li" key={s.url} sx={{ mb: 1 }}>
                  <Link href={s.url} target="_blank" rel="noopener noreferrer">
                    {s.name}
                    <Box component="span" sx={visuallyHidden}>
                      {' '}
                      (opens in a new tab)
                    </Box>
                  </Link>
                </Box>
              ))}
            </Box>
          </Grid>
        </Grid>
        <Grid container spacing={4} sx={{ mt: 4, pt: 4, borderTop: 1, borderColor: 'divider' }}>
          <Grid size={{ xs: 12, md: 7 }} component="section" aria-labelledby="newsletter-title">
            <Typography id="newsletter-title" variant="h5" component="h2" gutterBottom>
              Newsletter
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Program news, new classes and seasonal offers, about once a month.
            </Typography>
            <Suspense fallback={newsletterSpace}>
              <NewsletterSignup />
            </Suspense>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <FooterLinks title="Work with us" links={workWithUs} />
          </Grid>
        </Grid>
        <Typography color="text.secondary" sx={{ mt: 4 }}>
          © {year} {settings?.companyName ?? 'KikStart'}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}

function FooterLinks({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <Box component="nav" aria-label={title}>
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {links.map((l) => (
          <Box component="li" key={l.to} sx={{ mb: 1 }}>
            <Link component={RouterLink} to={l.to} underline="hover" sx={{ color: 'text.primary' }}>
              {l.label}
            </Link>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
