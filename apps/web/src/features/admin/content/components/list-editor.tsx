import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Controller,
  useFieldArray,
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';

export interface ListField {
  name: string;
  label: string;
  multiline?: boolean;
}

/**
 * A list of items staff order, hide and edit (stats, steps, FAQ, why-us, social links). Nothing is
 * stored until the form is saved; the order on screen is the order the public site shows.
 */
export function ListEditor<T extends FieldValues>({
  control,
  name,
  title,
  itemLabel,
  fields,
  newItem,
  hideable = true,
}: {
  control: Control<T>;
  name: ArrayPath<T>;
  title: string;
  /** One item's name in buttons: "Move stat 2 up". */
  itemLabel: string;
  fields: ListField[];
  newItem: FieldArray<T, ArrayPath<T>>;
  hideable?: boolean;
}) {
  const list = useFieldArray({ control, name });
  const path = (index: number, field: string) => `${name}.${index}.${field}` as FieldPath<T>;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: 22, mb: 2 }}>
        {title}
      </Typography>
      {list.fields.length === 0 ? (
        <EmptyState
          title={`No ${itemLabel}s yet`}
          text={`Add the first ${itemLabel}; the site shows this part once it has one.`}
          actions={
            <Button variant="outlined" startIcon={<Add />} onClick={() => list.append(newItem)}>
              Add {itemLabel}
            </Button>
          }
        />
      ) : (
        <Stack spacing={2}>
          {list.fields.map((item, index) => {
            const n = index + 1;
            return (
              <Card
                key={item.id}
                variant="outlined"
                component="fieldset"
                aria-labelledby={`${item.id}-label`}
                sx={{ m: 0, p: 0 }}
              >
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
                    <Typography id={`${item.id}-label`} sx={{ fontWeight: 700, flexGrow: 1 }}>
                      {itemLabel[0]!.toUpperCase() + itemLabel.slice(1)} {n}
                    </Typography>
                    <IconButton
                      aria-label={`Move ${itemLabel} ${n} up`}
                      disabled={index === 0}
                      onClick={() => list.move(index, index - 1)}
                    >
                      <ArrowUpward />
                    </IconButton>
                    <IconButton
                      aria-label={`Move ${itemLabel} ${n} down`}
                      disabled={index === list.fields.length - 1}
                      onClick={() => list.move(index, index + 1)}
                    >
                      <ArrowDownward />
                    </IconButton>
                    <IconButton aria-label={`Remove ${itemLabel} ${n}`} onClick={() => list.remove(index)}>
                      <DeleteOutlined />
                    </IconButton>
                  </Stack>
                  <Stack spacing={2}>
                    {fields.map((f) => (
                      <FormTextField
                        key={f.name}
                        control={control}
                        name={path(index, f.name)}
                        label={f.label}
                        multiline={f.multiline}
                        minRows={f.multiline ? 2 : undefined}
                        required
                      />
                    ))}
                    {hideable && (
                      <Controller
                        control={control}
                        name={path(index, 'hidden')}
                        render={({ field }) => (
                          <FormControlLabel
                            control={
                              <Switch
                                checked={Boolean(field.value)}
                                onChange={(e) => field.onChange(e.target.checked)}
                              />
                            }
                            label="Hidden from the public site"
                          />
                        )}
                      />
                    )}
                  </Stack>
                </CardContent>
              </Card>
            );
          })}
          <Box>
            <Button variant="outlined" startIcon={<Add />} onClick={() => list.append(newItem)}>
              Add {itemLabel}
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
