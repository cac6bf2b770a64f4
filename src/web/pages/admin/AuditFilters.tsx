import { Button, Collapse, Group, Select, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import {
  AUDIT_MODULE_LABELS,
  AUDIT_MODULES,
  auditQuerySchema,
  NO_USER,
} from '../../../domain/audit';
import { DateRangeInputs } from '../../components/DateRangeInputs';
import { type AuditFilters, useUsers } from './queries';

type Outcome = 'succeeded' | 'refused';

interface FilterState {
  userId: string | null;
  module: (typeof AUDIT_MODULES)[number] | null;
  outcome: Outcome | null;
  startDate: string | null;
  endDate: string | null;
  recordId: string | null;
}

const NO_FILTERS: FilterState = {
  userId: null,
  module: null,
  outcome: null,
  startDate: null,
  endDate: null,
  recordId: null,
};

/** The filters as the API takes them: only those chosen. */
function toQuery(filters: FilterState): AuditFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== null && value !== ''),
  ) as AuditFilters;
}

/**
 * The trail's filters. The record id is typed (or picked from a row) as text
 * and filters only once it is a whole id.
 */
export function useAuditFilterState() {
  const [filters, setFilters] = useState<FilterState>(NO_FILTERS);
  const [recordText, setRecordText] = useState('');
  const [recordError, setRecordError] = useState<string | null>(null);
  const change = (patch: Partial<FilterState>) => setFilters((now) => ({ ...now, ...patch }));

  /** The record id is checked by the same schema as the server's, when it is complete. */
  const applyRecordId = (text: string) => {
    const trimmed = text.trim();
    if (trimmed === '') {
      setRecordError(null);
      change({ recordId: null });
      return;
    }
    const parsed = auditQuerySchema.safeParse({ recordId: trimmed });
    const issue = parsed.error?.issues.find((i) => i.path[0] === 'recordId');
    if (issue || !parsed.data?.recordId) {
      setRecordError(issue?.message ?? 'Not a record id');
      return;
    }
    setRecordError(null);
    change({ recordId: parsed.data.recordId });
  };

  const chosen = Object.values(filters).filter((value) => value !== null).length;
  return {
    filters,
    query: toQuery(filters),
    recordText,
    recordError,
    chosen,
    filtered: chosen > 0 || recordText !== '',
    change,
    setRecordText,
    applyRecordId,
    pickRecord: (id: string) => {
      setRecordText(id);
      setRecordError(null);
      change({ recordId: id });
    },
    clear: () => {
      setFilters(NO_FILTERS);
      setRecordText('');
      setRecordError(null);
    },
  };
}

export type AuditFilterState = ReturnType<typeof useAuditFilterState>;

const RESULT_OPTIONS = [
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'refused', label: 'Refused or failed' },
];
const MODULE_OPTIONS = AUDIT_MODULES.map((module) => ({
  value: module,
  label: AUDIT_MODULE_LABELS[module],
}));

/** User, module, result, dates and record; on a phone they fold away behind one button. */
export function AuditFilterFields({ state, today }: { state: AuditFilterState; today: string }) {
  const users = useUsers();
  // On a phone the six filters would push the list off the screen: they fold away.
  const wide = useMediaQuery('(min-width: 36em)', undefined, { getInitialValueInEffect: false });
  const [showFilters, setShowFilters] = useState(false);
  const { filters, change } = state;
  const userOptions = [
    { value: NO_USER, label: 'Not signed in' },
    ...(users.data ?? []).map((user) => ({ value: user.id, label: user.username })),
  ];
  const Chevron = showFilters ? IconChevronDown : IconChevronRight;

  return (
    <>
      {!wide && (
        <Button
          variant="light"
          color="orange"
          fullWidth
          leftSection={<IconFilter size={16} aria-hidden />}
          rightSection={<Chevron size={14} aria-hidden />}
          aria-expanded={showFilters}
          onClick={() => setShowFilters((now) => !now)}
        >
          {state.chosen > 0 ? `Filters (${state.chosen})` : 'Filters'}
        </Button>
      )}
      <Collapse expanded={wide || showFilters}>
        <Group
          align="flex-start"
          gap="md"
          wrap="wrap"
          mt={wide ? 0 : 'sm'}
          data-testid="audit-filters"
        >
          <Select
            label="User"
            placeholder="Everyone"
            data={userOptions}
            value={filters.userId}
            onChange={(userId) => change({ userId })}
            searchable
            clearable
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label="Module"
            placeholder="All modules"
            data={MODULE_OPTIONS}
            value={filters.module}
            onChange={(module) => change({ module: module as FilterState['module'] })}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label="Result"
            placeholder="All results"
            data={RESULT_OPTIONS}
            value={filters.outcome}
            onChange={(outcome) => change({ outcome: outcome as Outcome | null })}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
          <DateRangeInputs
            startDate={filters.startDate}
            endDate={filters.endDate}
            today={today}
            onStartChange={(startDate) => change({ startDate })}
            onEndChange={(endDate) => change({ endDate })}
          />
          <TextInput
            label="Record id"
            placeholder="Paste a record's id"
            value={state.recordText}
            onChange={(event) => state.setRecordText(event.currentTarget.value)}
            onBlur={(event) => state.applyRecordId(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') state.applyRecordId(event.currentTarget.value);
            }}
            error={state.recordError}
            w={{ base: '100%', xs: 330 }}
          />
          <Button
            variant="default"
            mt={{ base: 0, xs: 25 }}
            disabled={!state.filtered}
            onClick={state.clear}
          >
            Clear Filters
          </Button>
        </Group>
      </Collapse>
    </>
  );
}
