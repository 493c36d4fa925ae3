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
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { CLASS_TYPES, GRADES, LOCATION_TYPES, SEARCH_BY } from '@kikstart/contract/program-labels';
import type { ClassType, LocationType } from '@kikstart/contract/content';
import { WEEKDAY_NAMES } from '@kikstart/contract/schedule';
import type { CatalogFilters, SearchBy } from '../catalog-query.ts';
import { activeFilterCount, gradeAgeValue, hasActiveFilters, parseGradeAge, withFilter } from '../catalog-query.ts';

const AGES = Array.from({ length: 16 }, (_, i) => i + 3);
const PLACEHOLDER: Record<SearchBy, string> = {
  school: 'e.g. Lincoln Elementary',
  location: 'e.g. Golden Gate Park or Oakland',
};

interface Option {
  value: string;
  label: string;
}
/** One select: its label, the "any" choice, its options (in headed groups) and how it reads and writes the URL's filters. */
interface SelectFilter {
  label: string;
  any: string;
  groups: { header?: string; options: Option[] }[];
  read: (f: CatalogFilters) => string;
  write: (value: string) => Partial<Omit<CatalogFilters, 'page'>>;
}

const SELECT_FILTERS: SelectFilter[] = [
  {
    label: 'Class type',
    any: 'Any class type',
    groups: [{ options: CLASS_TYPES.map((c) => ({ value: c.id, label: c.label })) }],
    read: (f) => f.classType ?? '',
    write: (v) => ({ classType: (v || undefined) as ClassType | undefined }),
  },
  {
    label: 'Class location',
    any: 'Any location',
    groups: [{ options: LOCATION_TYPES.map((c) => ({ value: c.id, label: c.label })) }],
    read: (f) => f.locationType ?? '',
    write: (v) => ({ locationType: (v || undefined) as LocationType | undefined }),
  },
  {
    label: 'Grade or age',
    any: 'Any grade or age',
    groups: [
      {
        header: 'Grade',
        options: GRADES.map((g) => ({ value: `g:${g.id}`, label: g.id === 0 ? 'Kindergarten' : `Grade ${g.label}` })),
      },
      { header: 'Age', options: AGES.map((a) => ({ value: `a:${a}`, label: `Age ${a}` })) },
    ],
    read: gradeAgeValue,
    write: parseGradeAge,
  },
  {
    label: 'Weekday',
    any: 'Any day',
    groups: [{ options: WEEKDAY_NAMES.map((name, i) => ({ value: String(i + 1), label: name })) }],
    read: (f) => (f.weekday === undefined ? '' : String(f.weekday)),
    write: (v) => ({ weekday: v === '' ? undefined : Number(v) }),
  },
];

/** A select's menu as a flat list: MUI's Select takes no fragments, so group headers are items too. */
const menuItems = (filter: SelectFilter) => [
  <MenuItem key="" value="">
    {filter.any}
  </MenuItem>,
  ...filter.groups.flatMap((group) => [
    ...(group.header ? [<ListSubheader key={`h:${group.header}`}>{group.header}</ListSubheader>] : []),
    ...group.options.map((o) => (
      <MenuItem key={o.value} value={o.value}>
        {o.label}
      </MenuItem>
    )),
  ]),
];

/**
 * Search-by switch, search box and filters; every change is pushed to the URL by the page. On
 * small screens the selects fold behind a Filters button (with the count of those set), so the
 * first results are on the first screen; from 600 px up they are always shown.
 */
export function CatalogFilterBar({
  filters,
  onChange,
}: {
  filters: CatalogFilters;
  onChange: (next: CatalogFilters) => void;
}) {
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filters);
  return (
    <Box
      component="section"
      aria-label="Search and filters"
      sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {/* On phones the label would take a line of its own; the toggle keeps it as its name. */}
        <Typography
          id="search-by-label"
          component="span"
          sx={(t) => ({ fontWeight: 600, [t.breakpoints.down('sm')]: visuallyHidden })}
        >
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
      <Stack direction="row" spacing={1} sx={{ display: { xs: 'flex', sm: 'none' }, alignItems: 'center' }}>
        <Button
          variant="outlined"
          color="secondary"
          // The name starts with the visible word (WCAG label in name) and says the count in words.
          aria-label={count > 0 ? `Filters, ${count} active` : undefined}
          aria-expanded={open}
          aria-controls="catalog-filters"
          onClick={() => setOpen((o) => !o)}
          startIcon={<TuneOutlined aria-hidden />}
        >
          Filters
          {count > 0 && (
            <Box
              component="span"
              aria-hidden
              sx={{
                ml: 1,
                minWidth: 22,
                height: 22,
                px: 0.75,
                borderRadius: 11,
                bgcolor: 'primary.dark',
                color: '#fff',
                fontSize: 13,
                lineHeight: '22px',
                fontWeight: 700,
                textAlign: 'center',
              }}
            >
              {count}
            </Box>
          )}
        </Button>
      </Stack>
      <Box
        id="catalog-filters"
        sx={{
          display: { xs: open ? 'grid' : 'none', sm: 'grid' },
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        {SELECT_FILTERS.map((filter) => (
          <TextField
            key={filter.label}
            select
            label={filter.label}
            value={filter.read(filters)}
            onChange={(e) => onChange(withFilter(filters, filter.write(e.target.value)))}
          >
            {menuItems(filter)}
          </TextField>
        ))}
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
      sx={{ display: 'flex', gap: 1.5 }}
    >
      {/* Named like the address's parameters, so a search sent before the scripts ran (the
          browser submits the form itself) still opens the server-rendered results. */}
      <input type="hidden" name="searchBy" value={filters.searchBy} />
      <TextField
        label={searchLabel}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={PLACEHOLDER[filters.searchBy]}
        fullWidth
        slotProps={{
          htmlInput: { maxLength: 100, type: 'search', name: 'q' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" sx={{ flexShrink: 0, px: { xs: 2.5, sm: 4 } }}>
        Search
      </Button>
    </Box>
  );
}
