import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { useId } from 'react';
import { EARLIEST_DATE } from '../../domain/accounting';

/**
 * Start and End Date pickers (spec: 'Pick a start date' / 'Pick an end date');
 * days after today or before 1900-01-01 cannot be picked, nor an end before
 * the start. Dates are "yyyy-MM-dd" strings, or null when not chosen.
 */
export function DateRangeInputs(props: {
  startDate: string | null;
  endDate: string | null;
  today: string;
  onStartChange: (date: string | null) => void;
  onEndChange: (date: string | null) => void;
}) {
  // Mantine's open calendar is labelled by the element with its popover's id, which the
  // field's own id would otherwise replace: both share one id, so the calendar has a name.
  const startId = useId();
  const endId = useId();
  return (
    <>
      <DatePickerInput
        id={startId}
        popoverProps={{ id: startId }}
        label="Start Date"
        placeholder="Pick a start date"
        valueFormat="MMM DD, YYYY"
        value={props.startDate}
        onChange={props.onStartChange}
        minDate={EARLIEST_DATE}
        maxDate={props.endDate ?? props.today}
        clearable
        w={200}
      />
      <DatePickerInput
        id={endId}
        popoverProps={{ id: endId }}
        label="End Date"
        placeholder="Pick an end date"
        valueFormat="MMM DD, YYYY"
        value={props.endDate}
        onChange={props.onEndChange}
        minDate={props.startDate ?? EARLIEST_DATE}
        maxDate={props.today}
        clearable
        w={200}
      />
    </>
  );
}
