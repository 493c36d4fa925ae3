import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Search from '@mui/icons-material/Search';
import { GRADES } from '@kikstart/contract/children';
import { CLASS_TYPES, LOCATION_TYPES, SEARCH_BY } from '@kikstart/contract/content';
import type { ClassType, LocationType } from '@kikstart/contract/content';
import { WEEKDAY_NAMES } from '@kikstart/contract/schedule';
import type { CatalogFilters, SearchBy } from '../catalog-query.ts';
import { gradeAgeValue, hasActiveFilters, parseGradeAge, withFilter } from '../catalog-query.ts';

const AGES = Array.from({ length: 16 }, (_, i) => i + 3);
const PLACEHOLDER: Record<SearchBy, string> = {
  school: 'e.g. Lincoln Elementary',
  location: 'e.g. Golden Gate Park or Oakland',
};

/** Search-by switch, search box and filters; every change is pushed to the URL by the page. */
export function CatalogFilterBar({
  filters,
  onChange,
}: {
  filters: CatalogFilters;
  onChange: (next: CatalogFilters) => void;
}) {
  return (
    <Box component="section" aria-label="Search and filters" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography id="search-by-label" component="span" sx={{ fontWeight: 600 }}>
          Search by
        </Typography>
        <ToggleButtonGroup
          exclusive
          aria-labelledby="search-by-label"
          value={filters.searchBy}
          onChange={(_, value: SearchBy | null) => value && onChange(withFilter(filters, { searchBy: value }))}
          size="small"
        >
          {SEARCH_BY.map((s) => (
            <ToggleButton
              key={s.id}
              value={s.id}
              // The brand red on its pale tint is below 4.5:1; the selected button is solid instead.
              sx={{
                px: 2,
                textTransform: 'none',
                fontWeight: 600,
                '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.dark', color: '#fff' },
              }}
            >
              {s.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {/* Keyed by the URL's text, so back/forward shows that text in the box. */}
      <SearchForm key={`${filters.searchBy}:${filters.q}`} filters={filters} onChange={onChange} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <TextField
          select
          label="Class type"
          value={filters.classType ?? ''}
          onChange={(e) =>
            onChange(withFilter(filters, { classType: (e.target.value || undefined) as ClassType | undefined }))
          }
        >
          <MenuItem value="">Any class type</MenuItem>
          {CLASS_TYPES.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Class location"
          value={filters.locationType ?? ''}
          onChange={(e) =>
            onChange(withFilter(filters, { locationType: (e.target.value || undefined) as LocationType | undefined }))
          }
        >
          <MenuItem value="">Any location</MenuItem>
          {LOCATION_TYPES.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Grade or age"
          value={gradeAgeValue(filters)}
          onChange={(e) => onChange(withFilter(filters, parseGradeAge(e.target.value)))}
        >
          <MenuItem value="">Any grade or age</MenuItem>
          <ListSubheader>Grade</ListSubheader>
          {GRADES.map((g) => (
            <MenuItem key={`g${g.id}`} value={`g:${g.id}`}>
              {g.id === 0 ? 'Kindergarten' : `Grade ${g.label}`}
            </MenuItem>
          ))}
          <ListSubheader>Age</ListSubheader>
          {AGES.map((a) => (
            <MenuItem key={`a${a}`} value={`a:${a}`}>{`Age ${a}`}</MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Weekday"
          value={filters.weekday ?? ''}
          onChange={(e) =>
            onChange(withFilter(filters, { weekday: e.target.value === '' ? undefined : Number(e.target.value) }))
          }
        >
          <MenuItem value="">Any day</MenuItem>
          {WEEKDAY_NAMES.map((name, i) => (
            <MenuItem key={name} value={i + 1}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {hasActiveFilters(filters) && (
        <Box>
          <Button onClick={() => onChange({ searchBy: filters.searchBy, q: '', page: 1 })}>
            Clear search and filters
          </Button>
        </Box>
      )}
    </Box>
  );
}

function SearchForm({ filters, onChange }: { filters: CatalogFilters; onChange: (next: CatalogFilters) => void }) {
  const [text, setText] = useState(filters.q);
  const searchLabel = SEARCH_BY.find((s) => s.id === filters.searchBy)?.label ?? 'School Name';
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onChange(withFilter(filters, { q: text }));
      }}
      sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column', sm: 'row' } }}
    >
      <TextField
        label={searchLabel}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={PLACEHOLDER[filters.searchBy]}
        fullWidth
        slotProps={{
          htmlInput: { maxLength: 100, type: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" sx={{ flexShrink: 0, px: 4 }}>
        Search
      </Button>
    </Box>
  );
}
