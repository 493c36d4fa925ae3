import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { CardGrid } from '../../components/card-grid.tsx';
import { adminPath } from './admin-paths.ts';
import { ADMIN_SECTIONS } from './admin-sections.tsx';
import { DashboardPanel } from './dashboard/components/dashboard-panel.tsx';

/** /admin: how the business is doing, then where each part of it is run from. */
export function AdminHomePage() {
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1 }}>
        Staff console
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>Run programs, content, leads, families and money.</Typography>
      <DashboardPanel />
      <Typography variant="h2" sx={{ fontSize: 22, mb: 2 }}>
        Sections
      </Typography>
      <CardGrid>
        {ADMIN_SECTIONS.map((s) => (
          <Card key={s.path} component="li" variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea
              component={RouterLink}
              to={adminPath(s.path)}
              sx={{ height: '100%', alignItems: 'flex-start' }}
            >
              <CardContent>
                <Typography variant="h2" component="h3" sx={{ fontSize: 20, mb: 1 }}>
                  {s.label}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {s.summary}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </CardGrid>
    </>
  );
}
