import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';

/** Shown on the public site or hidden, like the content list editor's switch; saves at once. */
export function PublishSwitch({
  name,
  published,
  busy,
  onChange,
}: {
  name: string;
  published: boolean;
  busy: boolean;
  onChange: (published: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={
        <Switch
          checked={published}
          disabled={busy}
          onChange={(e) => onChange(e.target.checked)}
          slotProps={{ input: { 'aria-label': `Show ${name} on the site` } }}
        />
      }
      label={published ? 'Shown' : 'Hidden'}
    />
  );
}
