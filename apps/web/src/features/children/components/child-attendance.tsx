import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ATTENDANCE_LABELS } from '@kikstart/contract/attendance';
import { programWallTime } from '@kikstart/contract/coach';
import { formatSessionDay, formatTime } from '@kikstart/contract/schedule';
import { ListShell, SkeletonRows } from '../../../components/list-shell.tsx';
import { useChildAttendance } from '../api/get-child-attendance.ts';

/** The child page's attendance: each session the coach marked, and who picked the child up when. */
export function ChildAttendance({ childId, firstName }: { childId: string; firstName: string }) {
  const attendance = useChildAttendance(childId);
  return (
    <Box component="section" aria-labelledby="child-attendance-heading" sx={{ mt: 5 }}>
      <Typography id="child-attendance-heading" variant="h3" component="h2" sx={{ mb: 2 }}>
        Attendance
      </Typography>
      <ListShell
        query={attendance}
        failed="The attendance could not be loaded."
        skeleton={<SkeletonRows count={2} height={72} />}
        empty={
          attendance.data?.length === 0 && (
            <Typography color="text.secondary">
              No session recorded yet. After each session, the coach’s attendance and the pickup time show here.
            </Typography>
          )
        }
      >
        {() => (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {attendance.data!.map((a) => (
              <Paper component="li" variant="outlined" key={`${a.programId}-${a.date}`} sx={{ p: 2 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {formatSessionDay(a.date)} · {a.programTitle}
                </Typography>
                <Typography>
                  {ATTENDANCE_LABELS[a.status]}
                  {a.pickedUpBy && a.pickedUpAt
                    ? ` · Picked up by ${a.pickedUpBy.name} (${a.pickedUpBy.relation}) at ${formatTime(programWallTime(new Date(a.pickedUpAt)))}`
                    : a.status !== 'absent'
                      ? ` · ${firstName}’s pickup is not recorded`
                      : ''}
                </Typography>
              </Paper>
            ))}
          </Stack>
        )}
      </ListShell>
    </Box>
  );
}
