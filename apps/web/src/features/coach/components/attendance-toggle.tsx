import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { ATTENDANCE_LABELS, ATTENDANCE_STATUSES, type AttendanceStatus } from '@kikstart/contract/attendance';

/** Present / Absent / Late: one press saves (each button says its state with aria-pressed, not only its color). */
export function AttendanceToggle({
  childName,
  value,
  disabled,
  onChange,
}: {
  childName: string;
  value: AttendanceStatus | null;
  disabled?: boolean;
  onChange: (status: AttendanceStatus) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      size="small"
      color="primary"
      value={value}
      disabled={disabled}
      aria-label={`Attendance of ${childName}`}
      onChange={(_, next: AttendanceStatus | null) => next && onChange(next)}
      sx={{ '@media print': { display: 'none' } }}
    >
      {ATTENDANCE_STATUSES.map((s) => (
        <ToggleButton key={s} value={s} sx={{ minHeight: 44, fontWeight: 600 }}>
          {ATTENDANCE_LABELS[s]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
