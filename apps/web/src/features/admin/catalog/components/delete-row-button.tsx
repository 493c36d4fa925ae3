import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { ConfirmButton } from '../../../../components/confirm-button.tsx';
import { ApiError } from '../../../../lib/api-client.ts';

/**
 * Delete one row of a console list, behind a confirmation. When the API refuses (a school
 * programs still run at, an offer demo requests name) its reason stays in the dialog, beside
 * the toast, so staff read what to do before closing it.
 */
export function DeleteRowButton({
  name,
  what,
  text,
  onDelete,
}: {
  /** The row's own name: "Delete Lincoln Elementary?". */
  name: string;
  /** What it is, for the buttons: "school". */
  what: string;
  text: string;
  onDelete: () => Promise<unknown>;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <ConfirmButton
      label="Delete"
      ariaLabel={`Delete ${name}`}
      variant="text"
      // A hovered row's gray leaves the theme's red below 4.5:1; the darker red stays readable.
      sx={(t) => ({ color: t.palette.mode === 'dark' ? t.palette.error.light : t.palette.error.dark })}
      title={`Delete ${name}?`}
      text={text}
      confirmLabel={`Delete ${what}`}
      onCancel={() => setRefusal(null)}
      onConfirm={async () => {
        setRefusal(null);
        try {
          await onDelete();
        } catch (error) {
          setRefusal(error instanceof ApiError ? error.message : `The ${what} could not be deleted.`);
          throw error;
        }
      }}
    >
      {refusal && (
        <Alert severity="warning" role="alert">
          {refusal}
        </Alert>
      )}
    </ConfirmButton>
  );
}
